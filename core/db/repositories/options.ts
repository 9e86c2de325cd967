import type { Db } from './db.js';

/** Every stored option; a NULL value (possible in a database new-api wrote) reads as "". */
export async function loadOptions(db: Db): Promise<Array<{ key: string; value: string }>> {
  const rows = await db<{ key: string; value: string | null }[]>`SELECT key, value FROM options`;
  return rows.map((r) => ({ key: r.key, value: r.value ?? '' }));
}

export async function saveOption(db: Db, key: string, value: string): Promise<void> {
  await db`INSERT INTO options (key, value) VALUES (${key}, ${value}) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`;
}

/** Marks the first-run setup done (new-api's setups row). */
export async function recordSetup(db: Db, version: string, now: number): Promise<void> {
  await db`INSERT INTO setups (version, initialized_at) VALUES (${version}, ${now})`;
}
