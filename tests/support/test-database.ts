import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/** Which database the suite runs against: FERRYMAN_TEST_DB=postgres uses the local server, else embedded PGlite. */
export const testDbKind = (): 'postgres' | 'embedded' => (process.env.FERRYMAN_TEST_DB === 'postgres' ? 'postgres' : 'embedded');

export const POSTGRES_ADMIN_URL = process.env.FERRYMAN_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh PostgreSQL database per gateway, dropped afterwards, so test files never share state. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ferryman_t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
