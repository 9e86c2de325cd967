import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

interface Listener {
  port: number;
  inode: string;
}

const LISTEN = '0A';

/** Every listening TCP socket on this machine (Linux /proc), IPv4 and IPv6. */
function tcpListeners(): Listener[] {
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[3] === LISTEN)
      .map((cols) => ({ port: parseInt(cols[1]!.split(':').pop()!, 16), inode: cols[9]! })),
  );
}

function socketInodes(pid: string): Set<string> {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const target = (() => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          return '';
        }
      })();
      const m = /^socket:\[(\d+)\]$/.exec(target);
      if (m) inodes.add(m[1]!);
    }
  } catch {
    // another user's process, or one that just exited
  }
  return inodes;
}

/**
 * The TCP ports that the process listening on `port` listens on (itself included), found through /proc:
 * the process is the one holding that socket's inode.
 */
export function tcpPortsOfListener(port: number): number[] {
  const listeners = tcpListeners();
  const inode = listeners.find((l) => l.port === port)?.inode;
  if (!inode) throw new Error(`nothing listens on TCP port ${port}`);
  const pid = readdirSync('/proc').find((p) => /^\d+$/.test(p) && socketInodes(p).has(inode));
  if (!pid) throw new Error(`no readable process holds the socket of port ${port}`);
  const own = socketInodes(pid);
  return [...new Set(listeners.filter((l) => own.has(l.inode)).map((l) => l.port))].sort((a, b) => a - b);
}
