import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDbKind } from '../../support/test-database.js';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface GatewayOptions {
  pwaDist: string;
  port?: number;
  dataDir?: string;
}

export interface RunningGateway {
  url: string;
  port: number;
  dataDir: string;
  /** Stops the process; the data directory is kept (a restart reuses it). */
  stop: () => Promise<void>;
}

export const hasGateway = (): boolean => existsSync(join(repoRoot, 'core/main.ts'));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function newDataDir(): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'ferryman-browser-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** The real gateway (embedded PGlite database) serving a console build from `pwaDist`. */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? newDataDir().path;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'core/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PWA_DIST: options.pwaDist,
      SESSION_SECRET: 'browser-test-secret-0123456789',
      // One browser makes every call from 127.0.0.1; the per-IP limits have their own tests.
      GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
      CRITICAL_RATE_LIMIT_ENABLE: 'false',
      FERRYMAN_EXIT_WITH_PARENT: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('FERRYMAN_LISTENING')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`gateway exited with ${code}:\n${output.slice(-3000)}`)));
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`gateway did not start in time:\n${output.slice(-3000)}`)), 150_000);
  });
  try {
    await Promise.race([ready, timeout]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/**
 * Whether this run repeats the browser suites that start their gateway with `startGateway` above: that
 * gateway always runs on its own embedded database, so a PostgreSQL pass (FERRYMAN_TEST_DB=postgres) would
 * run them again unchanged; it leaves them to the embedded pass. (admin-dashboard uses the database under
 * test and runs in both.)
 */
export const embeddedBrowserPass = (): boolean => testDbKind() === 'embedded';
