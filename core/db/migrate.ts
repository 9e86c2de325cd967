import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database, Sql } from './connect.js';
import type postgres from 'postgres';

const MIGRATION_LOCK = 7_463_001;

export function migrationsDir(): string {
  // Source and compiled layouts both keep sql/ at the repository root, two levels above core/db.
  const here = fileURLToPath(new URL('.', import.meta.url));
  return here.includes('/dist/') ? fileURLToPath(new URL('../../../sql/', import.meta.url)) : fileURLToPath(new URL('../../sql/', import.meta.url));
}

/** The migrations that make a separate log database (LOG_SQL_DSN): the logs table is all it holds. */
export const LOG_MIGRATION = /^\d{4}_logs_.+\.sql$/;

/** The main database's migrations, and the log migrations on a separate log database (recorded there). */
export async function migrateDatabase(db: Pick<Database, 'sql' | 'logSql'>, dir = migrationsDir()): Promise<string[]> {
  const applied = await migrate(db.sql, dir);
  if (db.logSql === db.sql) return applied;
  return [...applied, ...(await migrate(db.logSql, dir, LOG_MIGRATION)).map((f) => `logs: ${f}`)];
}

/**
 * SQL_QUERY_TIMEOUT does not apply to migrations: one can rewrite a large table (sql/0011 partitions the logs of an
 * imported new-api database), and a node waits for another's migrations to finish. The option is the driver's
 * patch (connect.ts), not in its types.
 */
const UNTIMED = { query_timeout: 0 } as unknown as postgres.UnsafeQueryOptions;

/** Applies every sql/NNNN_*.sql (of those `only` matches) once, in order, under an advisory lock so several nodes can boot together. */
export async function migrate(sql: Sql, dir = migrationsDir(), only = /^\d{4}_.+\.sql$/): Promise<string[]> {
  const files = readdirSync(dir).filter((f) => only.test(f)).sort();
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    await tx.unsafe(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`, [], UNTIMED);
    await tx`CREATE TABLE IF NOT EXISTS ferryman_migrations (name text PRIMARY KEY, applied_at bigint NOT NULL)`;
    const done = new Set((await tx<{ name: string }[]>`SELECT name FROM ferryman_migrations`).map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.unsafe(readFileSync(`${dir}/${file}`, 'utf8'), [], UNTIMED);
      await tx`INSERT INTO ferryman_migrations (name, applied_at) VALUES (${file}, ${Math.floor(Date.now() / 1000)})`;
      applied.push(file);
    }
  });
  return applied;
}
