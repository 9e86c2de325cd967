import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositoryDb, type RepositoryDb } from '../../tests/support/repository-db.js';
import type { Sql } from '../db/connect.js';
import { UserCache } from './user-cache.js';

describe('UserCache on the database', () => {
  let db: RepositoryDb;
  let statements = 0;
  /** held statements answer when the test opens their gate */
  let gates: (() => void)[] = [];
  let hold = false;
  /** the held statement's answer, read from the database (the caller does not have it until its gate opens) */
  let read: Promise<unknown> = Promise.resolve();
  let counted: Sql;
  let ids: number[];

  beforeAll(async () => {
    db = await openRepositoryDb();
    counted = ((...args: unknown[]) => {
      statements++;
      const query = (db.sql as unknown as (...a: unknown[]) => Promise<unknown>)(...args);
      if (!hold) return query;
      read = query.then((rows) => rows);
      return new Promise((resolve, reject) => gates.push(() => read.then(resolve, reject)));
    }) as unknown as Sql;
    const rows = await db.sql<{ id: number }[]>`
      INSERT INTO users (username, password, display_name, role, status, quota, "group")
      SELECT 'cache' || i, '', 'cache' || i, 1, 1, 0, 'default' FROM generate_series(1, 60) i RETURNING id`;
    ids = rows.map((r) => r.id);
  }, 60_000);
  afterAll(() => db?.close());

  it('loads the users that miss together, a statement at a time', async () => {
    const cache = new UserCache(counted, 60);
    statements = 0;
    const users = await Promise.all([...ids, 999_999].map((id) => cache.get(id)));
    expect(users.slice(0, 60).map((u) => u?.username)).toEqual(ids.map((_, i) => `cache${i + 1}`));
    expect(users[60]).toBeNull();
    expect(statements).toBe(2);
    expect(cache.peek(ids[59]!)?.username).toBe('cache60');
  });

  it('keeps no row a load read while the user was changed', async () => {
    const cache = new UserCache(counted, 60);
    hold = true;
    const loading = cache.get(ids[0]!);
    await read;
    // an admin disables the user while the load is in flight; its notice drops the entry
    await db.sql`UPDATE users SET status = 2 WHERE id = ${ids[0]!}`;
    cache.invalidate(ids[0]!);
    hold = false;
    gates.shift()!();
    gates = [];
    expect((await loading)?.status).toBe(1); // read before the change, answered to the request that asked
    expect(cache.peek(ids[0]!)).toBeUndefined();
    expect((await cache.get(ids[0]!))?.status).toBe(2);
  });
});
