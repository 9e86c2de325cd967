import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface MockRecordView {
  method: string;
  path: string;
  /** the raw query string, e.g. to assert a client's `?key=` was not forwarded */
  query: string;
  headers: Record<string, string>;
  body: unknown;
  aborted: boolean;
  completed: boolean;
}

export interface MockUpstreamProcess {
  url: string;
  requests(): Promise<MockRecordView[]>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The scriptable mock upstream (bench/mock-upstream.ts) as its own process: a real HTTP peer speaking the
 * OpenAI, Anthropic Messages and Gemini dialects (see bench/README.md).
 */
export async function startMockUpstreamProcess(): Promise<MockUpstreamProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/mock-upstream.ts', '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`mock upstream did not start: ${out}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /MOCK_UPSTREAM_LISTENING (\d+)/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve(Number(m[1]));
      }
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`mock upstream exited ${code}: ${out}`)));
  });
  child.removeAllListeners('exit');
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    async requests() {
      return (await (await fetch(`${url}/__mock/requests`)).json()) as MockRecordView[];
    },
    async reset() {
      await fetch(`${url}/__mock/reset`, { method: 'POST' });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
