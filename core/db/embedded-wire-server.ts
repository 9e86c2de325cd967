import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;

/**
 * Serves one PGlite over the PostgreSQL wire protocol to several client connections. PGlite has a single
 * session, so a connection owns it from the first message of an exchange until its Sync/Query completes
 * — and for as long as it keeps a transaction open. Other connections wait their turn, so one client's
 * extended-protocol steps (Parse/Bind/Execute, unnamed portals) never interleave with another's, which
 * the stock pglite-socket queue allows and which corrupts concurrent queries.
 *
 * It listens on a Unix socket (mode 0600) in a fresh directory of mode 0700, never on a TCP port: the
 * database holds password hashes and keys, and PGlite checks no credentials, so on loopback TCP any local
 * process could read them or hold a transaction that stalls the gateway. File permissions confine it to
 * the gateway's OS user, who can read the PGlite files under DATA_DIR anyway, so a password (SCRAM)
 * would protect against no one more and would cost a handshake per connection; the socket adds nothing
 * per query and is slightly faster than loopback TCP.
 */
export class EmbeddedWireServer {
  private owner: Connection | null = null;
  private waiters: Array<() => void> = [];
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  private dir: string | null = null;

  constructor(readonly db: PGlite) {}

  /** Starts serving; resolves to the socket's path (the `path` option of postgres.js). */
  async listen(): Promise<string> {
    // mkdtemp creates the directory with mode 0700; the temporary directory keeps the path well under
    // the ~107-byte limit of a socket address, whatever DATA_DIR is.
    this.dir = mkdtempSync(join(tmpdir(), 'ferryman-db-'));
    const path = join(this.dir, '.s.PGSQL.5432');
    this.server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      new Connection(this, socket);
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(path, () => resolve());
    });
    chmodSync(path, 0o600);
    return path;
  }

  async acquire(c: Connection): Promise<void> {
    while (this.owner && this.owner !== c) await new Promise<void>((r) => this.waiters.push(r));
    this.owner = c;
  }

  release(c: Connection): void {
    if (this.owner !== c) return;
    this.owner = null;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** A connection that dies holding the session must not leave a transaction open for everyone else. */
  async abandon(c: Connection): Promise<void> {
    if (this.owner !== c) return;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK').catch(() => {});
    this.release(c);
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}

class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private started = false;
  private chain: Promise<void> = Promise.resolve();
  private pending: Buffer[] = [];

  constructor(
    private readonly server: EmbeddedWireServer,
    private readonly socket: Socket,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      this.chain = this.chain.then(() => this.server.abandon(this));
    });
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      if (!this.started) {
        if (this.buffer.length < 8) return;
        const len = this.buffer.readInt32BE(0);
        if (this.buffer.length < len) return;
        const code = this.buffer.readInt32BE(4);
        const msg = this.buffer.subarray(0, len);
        this.buffer = this.buffer.subarray(len);
        if (code === SSL_REQUEST) this.socket.write('N');
        else if (code === CANCEL_REQUEST) this.socket.end();
        else {
          this.started = true;
          this.run([msg], true);
        }
        continue;
      }
      if (this.buffer.length < 5) return;
      const len = this.buffer.readInt32BE(1) + 1;
      if (this.buffer.length < len) return;
      const type = String.fromCharCode(this.buffer[0]!);
      const msg = this.buffer.subarray(0, len);
      this.buffer = this.buffer.subarray(len);
      if (type === 'X') {
        this.socket.end();
        return;
      }
      this.pending.push(msg);
      // Sync and simple Query end an exchange; Flush asks for output mid-exchange (the session stays held).
      if (type === 'S' || type === 'Q' || type === 'H') {
        this.run(this.pending, type !== 'H');
        this.pending = [];
      }
    }
  }

  private run(messages: Buffer[], ends: boolean): void {
    this.chain = this.chain.then(async () => {
      await this.server.acquire(this);
      try {
        // One call per exchange: PGlite runs every message in the buffer, and its file-system sync after
        // each call then happens once per exchange rather than once per message.
        const all = messages.length === 1 ? messages[0]! : Buffer.concat(messages);
        await this.server.db.execProtocolRawStream(new Uint8Array(all.buffer, all.byteOffset, all.byteLength), {
          onRawData: (data) => {
            if (!this.socket.destroyed) this.socket.write(Buffer.from(data));
          },
        });
      } finally {
        if (ends && !this.server.db.isInTransaction()) this.server.release(this);
      }
    }).catch(() => {
      this.socket.destroy();
    });
  }
}
