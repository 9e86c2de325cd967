import { mkdirSync } from 'node:fs';
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

/** SQL_DSN set → that PostgreSQL; unset → PGlite under DATA_DIR, served on a private loopback port. */
export async function connectDatabase(env: Env): Promise<Database> {
  if (env.SQL_DSN) {
    const sql = postgres(env.SQL_DSN, driverOptions(env.SQL_MAX_OPEN_CONNS)) as unknown as Sql;
    return { sql, kind: 'postgres', close: () => sql.end({ timeout: 5 }) };
  }
  const [{ PGlite }, { PGLiteSocketServer }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-socket'),
  ]);
  mkdirSync(env.DATA_DIR, { recursive: true });
  const db = await PGlite.create(`${env.DATA_DIR}/pglite`);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 64 });
  await server.start();
  const [host, port] = server.getServerConn().split(':');
  // Tests connect to the embedded database to check the ledger; never enabled in production.
  if (env.FERRYMAN_EXPOSE_DB) process.stdout.write(`FERRYMAN_DB ${host}:${port}\n`);
  const sql = postgres({
    host,
    port: Number(port),
    user: 'postgres',
    database: 'postgres',
    ...driverOptions(Math.min(env.SQL_MAX_OPEN_CONNS, 16)),
  }) as unknown as Sql;
  return {
    sql,
    kind: 'embedded',
    async close() {
      await sql.end({ timeout: 5 });
      await server.stop();
      await db.close();
    },
  };
}
