import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Sql } from './connect.js';

const MIGRATION_LOCK = 7_463_001;

export function migrationsDir(): string {
  // Source and compiled layouts both keep sql/ at the repository root, two levels above core/db.
  const here = fileURLToPath(new URL('.', import.meta.url));
  return here.includes('/dist/') ? fileURLToPath(new URL('../../../sql/', import.meta.url)) : fileURLToPath(new URL('../../sql/', import.meta.url));
}

/** Applies every sql/NNNN_*.sql once, in order, under an advisory lock so several nodes can boot together. */
export async function migrate(sql: Sql, dir = migrationsDir()): Promise<string[]> {
  const files = readdirSync(dir).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`CREATE TABLE IF NOT EXISTS ferryman_migrations (name text PRIMARY KEY, applied_at bigint NOT NULL)`;
    const done = new Set((await tx<{ name: string }[]>`SELECT name FROM ferryman_migrations`).map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.unsafe(readFileSync(`${dir}/${file}`, 'utf8'));
      await tx`INSERT INTO ferryman_migrations (name, applied_at) VALUES (${file}, ${Math.floor(Date.now() / 1000)})`;
      applied.push(file);
    }
  });
  return applied;
}
