import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositoryDb, type RepositoryDb } from '../../tests/support/repository-db.js';
import type { Sql } from '../db/connect.js';
import { TOKEN_KEY_MAX_LENGTH, TokenCache } from './token-cache.js';

const randomKey = () => randomBytes(36).toString('base64url').slice(0, TOKEN_KEY_MAX_LENGTH);

describe('TokenCache on the database', () => {
  let db: RepositoryDb;
  let statements = 0;
  /** the database, counting the statements sent through it */
  let counted: Sql;
  const key = randomKey();

  beforeAll(async () => {
    db = await openRepositoryDb();
    counted = ((...args: Parameters<Sql>) => {
      statements++;
      return (db.sql as unknown as (...a: unknown[]) => unknown)(...args);
    }) as unknown as Sql;
    const [t] = await db.sql<{ id: number }[]>`INSERT INTO tokens (user_id, key, name, remain_quota) VALUES (7, ${key}, 'k', 1000) RETURNING id`;
    await db.sql`INSERT INTO quota_leases (kind, owner_id, amount) VALUES ('t', ${t!.id}, 250)`;
  }, 60_000);
  afterAll(() => db?.close());

  it('looks up keys that miss the caches together, a statement at a time, and remembers both answers', async () => {
    const cache = new TokenCache(counted, 60);
    statements = 0;
    const unknown = Array.from({ length: 99 }, randomKey);
    const found = await Promise.all([key, ...unknown].map((k) => cache.get(k)));
    expect(found[0]).toMatchObject({ userId: 7, key, remainQuota: 1250 });
    expect(found.slice(1).every((t) => t === null)).toBe(true);
    // the first key went out alone, the other 99 in one statement behind it
    expect(statements).toBe(2);
    expect(cache.peek(key)).toMatchObject({ key });
    expect(cache.peek(unknown[0]!)).toBeNull();
    await Promise.all([key, ...unknown].map((k) => cache.get(k)));
    expect(statements).toBe(2);
  });

  it('finds no token for a key longer than a token key, even one that starts with a real key, and asks nothing', async () => {
    const cache = new TokenCache(counted, 60);
    statements = 0;
    expect(cache.peek(`${key}x`)).toBeNull();
    expect(await cache.get(`${key}x`)).toBeNull();
    expect(await cache.get(`${key}-${'a'.repeat(4000)}`)).toBeNull();
    expect(statements).toBe(0);
    // a shorter one is looked up, and is not the token either
    expect(await cache.get(key.slice(0, 47))).toBeNull();
    expect(statements).toBe(1);
  });

  it('keeps no row a lookup read while the token was changed', async () => {
    const cache = new TokenCache(db.sql, 60);
    const [t] = await db.sql<{ id: number }[]>`SELECT id FROM tokens WHERE key = ${key}`;
    const looking = cache.get(key);
    // the token is disabled while the lookup is in flight: its notice comes before the answer
    cache.invalidateId(t!.id);
    expect((await looking)?.status).toBe(1);
    expect(cache.peek(key)).toBeUndefined();
  });
});
