import { rmSync } from 'node:fs';
import { dirname, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import postgres from 'postgres';
import type { Env } from '../config/env.js';

export type Sql = postgres.Sql<Record<string, never>>;

export interface Database {
  sql: Sql;
  kind: 'postgres' | 'embedded';
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

function driverOptions(max: number) {
  return {
    max,
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => {},
    types: { int8: int8AsNumber },
  } as const;
}

// A worker's entry module is loaded before `--import tsx` hooks apply in it, so when running from source
// the thread registers tsx itself before importing the real entry; compiled .js needs nothing.
const BOOTSTRAP = `const { workerData } = require('node:worker_threads');
(async () => {
  if (workerData.entry.endsWith('.ts')) (await import('tsx/esm/api')).register();
  await import(workerData.entry);
})();`;

/** SQL_DSN set → that PostgreSQL; unset → PGlite under DATA_DIR on its own thread, served on a private Unix socket. */
export async function connectDatabase(env: Env): Promise<Database> {
  if (env.SQL_DSN) {
    const sql = postgres(env.SQL_DSN, driverOptions(env.SQL_MAX_OPEN_CONNS)) as unknown as Sql;
    return { sql, kind: 'postgres', close: () => sql.end({ timeout: 5 }) };
  }
  const entry = new URL(`./embedded-server.worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url).href;
  const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { entry, dataDir: env.DATA_DIR } });
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
  const sql = postgres({
    path: socketPath,
    user: 'postgres',
    database: 'postgres',
    ...driverOptions(Math.min(env.SQL_MAX_OPEN_CONNS, 16)),
  }) as unknown as Sql;
  return {
    sql,
    kind: 'embedded',
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
