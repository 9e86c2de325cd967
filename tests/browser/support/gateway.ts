import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface RunningGateway {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The real gateway (embedded PGlite database) serving the built console from pwa/dist.
 * Set FERRYMAN_TEST_URL to reuse a gateway that is already running.
 */
export async function startGateway(): Promise<RunningGateway> {
  const external = process.env.FERRYMAN_TEST_URL;
  if (external) return { url: external.replace(/\/$/, ''), dataDir: '', stop: async () => {} };
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ferryman-browser-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'core/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SESSION_SECRET: 'browser-test-secret-0123456789' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('FERRYMAN_LISTENING')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`gateway exited with ${code}:\n${output.slice(-2000)}`)));
  });
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`gateway did not start:\n${output.slice(-2000)}`)), 90_000));
  await Promise.race([ready, timeout]);
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
