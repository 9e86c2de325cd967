// Runs a bench server in its own process so it does not share the load
// generator's event loop, and waits for its "<PREFIX> <port>" line.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ChildServer {
  port: number;
  /** The server's process, for its RSS and CPU time. */
  pid: number;
  url: string;
  close(): Promise<void>;
}

const READY_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 5_000;

export async function startChildServer(script: URL, args: string[], readyPrefix: string): Promise<ChildServer> {
  // `node --import tsx` instead of the tsx CLI: one process, so the pid we
  // signal is the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(script), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-4000);
  });
  const exited = once(child, 'exit');

  const port = await new Promise<number>((resolve, reject) => {
    const fail = (why: string) => reject(new Error(`${fileURLToPath(script)}: ${why}\n${stderr}`));
    const timer = setTimeout(() => fail(`no "${readyPrefix}" line within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
    child.once('exit', (code) => fail(`exited with code ${code} before it was ready`));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = new RegExp(`^${readyPrefix} (\\d+)$`).exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve(Number(match[1]));
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });

  return {
    port,
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
