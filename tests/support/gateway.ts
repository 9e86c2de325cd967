import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { createPostgresDatabase, testDbKind } from './test-database.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface TestGateway {
  url: string;
  port: number;
  /** the gateway process, for measurements (RSS, CPU time) */
  pid: number;
  /** direct connection to the gateway's database (embedded or PostgreSQL) for ledger assertions */
  sql: postgres.Sql;
  /** the PostgreSQL database the gateway uses (null on the embedded database), for a second node on it */
  databaseUrl: string | null;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the real gateway (`node --import tsx core/main.ts`, or the compiled `dist/core/main.js` that
 * `npm start` runs when `built`) on a free port with its own database:
 * a temporary PGlite directory, or a fresh PostgreSQL database when FERRYMAN_TEST_DB=postgres (`database`
 * picks one regardless of that variable).
 * `databaseUrl` joins another gateway's PostgreSQL database instead (a second node); it is not dropped
 * here, so stop this gateway before the one that created the database.
 */
export async function startGateway(
  env: Record<string, string> = {},
  opts: { dataDir?: string; nodeArgs?: string[]; built?: boolean; databaseUrl?: string; database?: 'embedded' | 'postgres' } = {},
): Promise<TestGateway> {
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'ferryman-'));
  const pg = opts.databaseUrl !== undefined
    ? { url: opts.databaseUrl, drop: async () => {} }
    : (opts.database ?? testDbKind()) === 'postgres' ? await createPostgresDatabase() : null;
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...(opts.built ? ['dist/core/main.js'] : ['--import', 'tsx', 'core/main.ts'])], {
    cwd: ROOT,
    env: {
      ...withoutVitest(process.env),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-session-secret',
      BATCH_UPDATE_INTERVAL: '0.1',
      GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
      CRITICAL_RATE_LIMIT_ENABLE: 'false',
      FERRYMAN_EXPOSE_DB: 'true',
      FERRYMAN_EXIT_WITH_PARENT: 'true',
      ...(pg ? { SQL_DSN: pg.url } : { SQL_DSN: '' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const started = new Promise<{ port: number; dbAddress: string | null }>((resolve, reject) => {
    let db: string | null = null;
    const timer = setTimeout(() => reject(new Error(`gateway did not start:\n${out}`)), 150_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const dbm = /FERRYMAN_DB (\S+)/.exec(out);
      if (dbm) db = dbm[1]!;
      const m = /FERRYMAN_LISTENING (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ port: Number(m[1]), dbAddress: db });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`gateway exited with ${code}:\n${out}`));
    });
  });
  // A gateway that never starts must not leave its database or data directory behind.
  const { port, dbAddress } = await started.catch(async (e: unknown) => {
    child.kill('SIGKILL');
    await pg?.drop().catch(() => {});
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    throw e;
  });
  child.removeAllListeners('exit');
  const sql = !dbAddress && !pg
    ? (null as unknown as postgres.Sql)
    : pg
    ? postgres(pg.url, { max: 4, onnotice: () => {}, types: { int8: { to: 20, from: [20], serialize: String, parse: Number } } as never })
    : postgres({
        // the embedded database's Unix socket (core/db/embedded-wire-server.ts)
        path: dbAddress!,
        user: 'postgres',
        database: 'postgres',
        max: 2,
        onnotice: () => {},
        types: { int8: { to: 20, from: [20], serialize: String, parse: Number } } as never,
      });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    sql,
    databaseUrl: pg?.url ?? null,
    output: () => out,
    async stop() {
      await sql?.end({ timeout: 2 }).catch(() => {});
      await stopChild(child);
      await pg?.drop().catch(() => {});
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The gateway is a real process, not part of the test runner: it must not see vitest's variables. */
function withoutVitest(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST'));
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const t = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
