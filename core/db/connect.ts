import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, rmSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import postgres from 'postgres';
import type { Env } from '../config/env.js';
import { embeddedDataDir, type EmbeddedSettings } from './embedded-settings.js';
import { embeddedWasmTier, WASM_TIER_FLAGS, type WasmTier } from './wasm-tier.js';

export type Sql = postgres.Sql<Record<string, never>>;

export interface Database {
  sql: Sql;
  /** where the logs table lives: LOG_SQL_DSN's PostgreSQL when set, else `sql` itself (=== tells them apart) */
  logSql: Sql;
  kind: 'postgres' | 'embedded';
  /** embedded: the private socket the database thread serves, for the relay threads of this process (core/cluster) */
  socketPath?: string;
  /** embedded: false on a relay thread that must leave the scheduled jobs to its sibling (tasks/poller/leader-lock.ts) */
  runsJobs?: boolean;
  /** embedded, in the process that runs it: how its WebAssembly is compiled (wasm-tier.ts), told at start */
  webassembly?: WasmTier;
  /**
   * postgres: a new pool of one connection to the main database, for session state (an advisory lock) that must
   * outlive single queries; the pool connects again by itself after the database restarts
   */
  openSession?: () => Sql;
  close(): Promise<void>;
}

// int8 columns hold quotas and ids; every value we store fits in a double, so parse to number here
// once instead of letting strings leak into repositories.
const int8AsNumber = {
  to: 20,
  from: [20],
  serialize: (v: number | bigint) => String(v),
  parse: (v: string) => Number(v),
};

/**
 * Before its n-th failed connection attempt in a row (n counted over the whole pool) postgres.js waits
 * (0.5–1) × min(3ⁿ / 100, 20) s: after a restart of a few seconds, its ten connections' attempts had it waiting
 * up to 20 s once the database was back, and requests queued behind (0.4–14 s measured, once over a minute).
 * Doubling from 50 ms up to one second keeps a database that is down to about one attempt a second per connection.
 */
const reconnectDelayS = (failures: number) => Math.min(0.05 * 2 ** failures, 1) * (0.5 + Math.random() / 2);

/**
 * `queryTimeoutS` (SQL_QUERY_TIMEOUT, PostgreSQL only): a query not answered within it is cancelled, waiting for a
 * connection or running (the driver's patch, patches/; with it the pool does not pipeline), and fails with 57014,
 * which the console and the relay answer as 503 (database-failure.ts). Without it a lock or a
 * slow statement holding every connection left each later query, and the request behind it, waiting for good.
 * Not on the embedded database: PGlite runs one statement at a time and cannot cancel one.
 */
export function driverOptions(max: number, lifetimeS?: number, queryTimeoutS?: number) {
  return {
    max,
    ...(queryTimeoutS ? { query_timeout: queryTimeoutS } : {}),
    idle_timeout: 30,
    connect_timeout: 10,
    backoff: reconnectDelayS,
    onnotice: () => {},
    types: { int8: int8AsNumber },
    // SQL_MAX_LIFETIME; unset, postgres.js's own default
    ...(lifetimeS === undefined ? {} : { max_lifetime: lifetimeS }),
  } as const;
}

// A worker's entry module is loaded before `--import tsx` hooks apply in it, so when running from source
// the thread registers tsx itself before importing the real entry; compiled .js needs nothing.
export const WORKER_BOOTSTRAP = `const { workerData } = require('node:worker_threads');
(async () => {
  if (workerData.entry.endsWith('.ts')) (await import('tsx/esm/api')).register();
  await import(workerData.entry);
})();`;

const SOURCE_EXT = extname(fileURLToPath(import.meta.url));

/** Runs initdb in a child process (embedded-initdb.ts says why); its stderr becomes the error on failure. */
async function initEmbeddedDatabase(dir: string, settings: EmbeddedSettings, wasmFlags: string[]): Promise<void> {
  // This process's execArgv is passed on, so from source the child runs under tsx as well.
  const child = fork(fileURLToPath(new URL(`./embedded-initdb${SOURCE_EXT}`, import.meta.url)), [dir, String(settings.sharedBuffersMb)], {
    execArgv: [...process.execArgv, ...wasmFlags],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr = (stderr + text).slice(-4000)));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`creating the embedded database in ${dir} failed (exit ${code}):\n${stderr}`);
}

/** The main database (connectMainDatabase), with the log database of LOG_SQL_DSN when set (withLogDatabase). */
export async function connectDatabase(env: Env): Promise<Database> {
  return withLogDatabase(await connectMainDatabase(env), env.LOG_SQL_DSN, env.SQL_MAX_OPEN_CONNS, env.SQL_MAX_LIFETIME, env.SQL_QUERY_TIMEOUT);
}

/**
 * With LOG_SQL_DSN, a PostgreSQL of its own for the logs table, as new-api's LOG_DB: every log row is written
 * and read there, whatever the main database is (embedded included). Unset, the logs stay in the main database.
 */
export function withLogDatabase(main: Database, logDsn: string | undefined, max: number, lifetimeS?: number, queryTimeoutS?: number): Database {
  if (!logDsn) return main;
  const logSql = postgres(logDsn, driverOptions(max, lifetimeS, queryTimeoutS)) as unknown as Sql;
  return {
    ...main,
    logSql,
    async close() {
      await logSql.end({ timeout: 5 });
      await main.close();
    },
  };
}

/** SQL_DSN set → that PostgreSQL; unset → PGlite under DATA_DIR on its own thread, served on a private Unix socket. */
async function connectMainDatabase(env: Env): Promise<Database> {
  if (env.SQL_DSN) {
    const dsn = env.SQL_DSN;
    const sql = postgres(dsn, driverOptions(env.SQL_MAX_OPEN_CONNS, env.SQL_MAX_LIFETIME, env.SQL_QUERY_TIMEOUT)) as unknown as Sql;
    // never closed for idling or age: that would drop the session's lock between two rounds of its job; its
    // queries read no arrays, so it connects without first asking for the array types
    const openSession = () => postgres(dsn, { ...driverOptions(1, undefined, env.SQL_QUERY_TIMEOUT), idle_timeout: 0, max_lifetime: 0, fetch_types: false }) as unknown as Sql;
    return { sql, logSql: sql, kind: 'postgres', openSession, close: () => sql.end({ timeout: 5 }) };
  }
  const dir = embeddedDataDir(env.DATA_DIR);
  const settings: EmbeddedSettings = { sharedBuffersMb: env.EMBEDDED_DB_SHARED_BUFFERS_MB };
  // The flag is process-wide and read when a module is compiled, so it is set before PGlite loads.
  const webassembly = embeddedWasmTier(env);
  const wasmFlags = WASM_TIER_FLAGS[webassembly];
  for (const flag of wasmFlags) setFlagsFromString(flag);
  if (!existsSync(join(dir, 'PG_VERSION'))) await initEmbeddedDatabase(dir, settings, wasmFlags);
  const entry = new URL(`./embedded-server.worker${SOURCE_EXT}`, import.meta.url).href;
  const worker = new Worker(WORKER_BOOTSTRAP, { eval: true, workerData: { entry, dir, settings } });
  const socketPath = await new Promise<string>((resolve, reject) => {
    worker.once('message', (m: { socketPath: string }) => resolve(m.socketPath));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`embedded database thread exited with code ${code}`)));
  });
  worker.removeAllListeners('exit');
  worker.removeAllListeners('error');
  worker.on('error', (e) => process.stderr.write(`embedded database thread failed: ${String(e)}\n`));
  // The server removes its socket's directory when closed; a process that exits without closing (a failed
  // start, a crash) must not leave it behind in the temporary directory either.
  const removeSocketDir = () => rmSync(dirname(socketPath), { recursive: true, force: true });
  process.once('exit', removeSocketDir);
  // Tests connect to the embedded database to check the ledger; never enabled in production.
  if (env.FERRYMAN_EXPOSE_DB) process.stdout.write(`FERRYMAN_DB ${socketPath}\n`);
  const sql = embeddedClient(socketPath, Math.min(env.SQL_MAX_OPEN_CONNS, 16), env.SQL_MAX_LIFETIME);
  return {
    sql,
    logSql: sql,
    kind: 'embedded',
    socketPath,
    webassembly,
    async close() {
      await sql.end({ timeout: 5 });
      await new Promise<void>((resolve) => {
        worker.once('message', () => resolve());
        worker.postMessage('stop');
      });
      await worker.terminate();
      process.off('exit', removeSocketDir);
    },
  };
}

/**
 * Statements are not prepared on the embedded database. postgres.js prepares each statement once per connection,
 * and behind the wire server every connection shares PGlite's one session, whose WebAssembly heap never shrinks:
 * 16 connections held ~230 prepared copies of the gateway's ~40 statements (up to ~670), ~20 KB each. The hot
 * path sends no statement, so parsing again what runs a few times a second costs next to nothing.
 */
function embeddedClient(socketPath: string, max: number, lifetimeS: number | undefined): Sql {
  return postgres({ path: socketPath, user: 'postgres', database: 'postgres', ...driverOptions(max, lifetimeS), prepare: false }) as unknown as Sql;
}

/** A relay thread's connection to the embedded database another thread of this process serves (core/cluster). */
export function connectEmbeddedSocket(socketPath: string, max: number, runsJobs: boolean, lifetimeS?: number): Database {
  const sql = embeddedClient(socketPath, Math.min(max, 16), lifetimeS);
  return { sql, logSql: sql, kind: 'embedded', socketPath, runsJobs, close: () => sql.end({ timeout: 5 }) };
}
