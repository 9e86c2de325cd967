import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../core/db/connect.js';
import { openRepositoryDb, type RepositoryDb } from '../support/repository-db.js';

// The batch statements (lease refills and hand-backs, counters, reservations) must find their rows by key whatever
// the tables' statistics say (sql/0022_batch_index_plans.sql). Joined to their JSON lists, they read the whole users
// and tokens tables once those had statistics; planned while quota_leases was nearly empty, they read all of it,
// dead rows included, for every slice once it had grown. A database that has run a while has both (ANALYZE by the
// embedded database's upkeep or PostgreSQL's autovacuum, taken while every slice was home): 10 000 owners were
// served a third as fast. Here each statement's sequential scans are counted (pg_stat_xact_user_tables) in a
// database of a few thousand users and tokens with statistics, after its session has planned them on a near-empty
// quota_leases that then grew.

const OWNERS = 4000;
const NODE = 'plans-node';

describe('batch statements read users, tokens and quota_leases by key', () => {
  let db: RepositoryDb;
  let conn: Awaited<ReturnType<Sql['reserve']>>;
  let users: number[] = [];
  let tokens: number[] = [];
  let seq = 0;

  beforeAll(async () => {
    db = await openRepositoryDb();
    const names = Array.from({ length: OWNERS }, (_, i) => `plans-${i}`);
    users = (
      await db.sql<{ id: number }[]>`
        INSERT INTO users (username, password, display_name, role, status, quota, "group")
        SELECT u, 'x', u, 1, 1, 1000000000, 'default' FROM unnest(${names}::text[]) u RETURNING id`
    ).map((r) => r.id);
    tokens = (
      await db.sql<{ id: number }[]>`
        INSERT INTO tokens (user_id, key, name, status, remain_quota, unlimited_quota, created_time)
        SELECT uid, 'plans-key-' || uid, 't', 1, 1000000000, false, 0 FROM unnest(${users}::int8[]) uid RETURNING id`
    ).map((r) => r.id);
    await db.sql`SELECT ferryman_node_beat(${NODE}, true)`;
    // as the upkeep or autovacuum leaves them: statistics of the full tables, and of quota_leases with every slice home
    await db.sql`ANALYZE users`;
    await db.sql`ANALYZE tokens`;
    await db.sql`ANALYZE quota_leases`;
    conn = await db.sql.reserve();
  }, 120_000);
  afterAll(async () => {
    conn?.release();
    await db?.close();
  });

  const refill = (owners: number[]) =>
    conn<{ status: number }[]>`SELECT * FROM ferryman_lease_seen_many(${NODE}, ${JSON.stringify(
      owners.map((o, i) => ({ i, u: users[o], t: tokens[o], nu: 10, wu: 100, nt: 10, wt: 100 })),
    )}::text::json)`;
  const handBack = (owners: number[]) =>
    conn<{ kept: boolean }[]>`SELECT * FROM ferryman_lease_return_many(${NODE}, ${JSON.stringify(
      owners.flatMap((o, i) => [
        { i: 2 * i, k: 'u', o: users[o], r: 100, h: 0 },
        { i: 2 * i + 1, k: 't', o: tokens[o], r: 100, h: 0 },
      ]),
    )}::text::json, 'plans-writer', ${++seq}, 0)`;

  /** The session's sequential scans of each table not yet reported to the statistics (its earlier transactions' too). */
  const seqScansSoFar = async () =>
    Object.fromEntries(
      (
        await conn<{ relname: string; seq_scan: number }[]>`
          SELECT relname, seq_scan::int AS seq_scan FROM pg_stat_xact_user_tables WHERE relname IN ('users', 'tokens', 'quota_leases')`
      ).map((r) => [r.relname, r.seq_scan]),
    );

  /** What `run` does, and the sequential scans it started on each table. */
  async function scans<T>(run: () => Promise<T>): Promise<{ result: T; seqScans: Record<string, number> }> {
    await conn`BEGIN`;
    try {
      const before = await seqScansSoFar();
      const result = await run();
      const after = await seqScansSoFar();
      return { result, seqScans: Object.fromEntries(Object.entries(after).map(([table, n]) => [table, n - (before[table] ?? 0)])) };
    } finally {
      await conn`COMMIT`;
    }
  }

  it('lease refills and hand-backs, planned on an empty quota_leases that grew since', async () => {
    // the session plans (and, after five runs, caches) its statements while at most two slices are out
    for (let round = 0; round < 8; round++) {
      expect((await refill([round])).map((r) => r.status)).toEqual([0]);
      expect((await handBack([round])).map((r) => r.kept)).toEqual([true, true]);
    }
    // other nodes' slices of every owner (the sums of what is held elsewhere read them)
    await db.sql`INSERT INTO ferryman_nodes (node, heartbeat_at) VALUES ('plans-other', ferryman_epoch())`;
    await db.sql`
      INSERT INTO quota_leases (kind, owner_id, node, amount, updated_at)
      SELECT k, o, 'plans-other', 1, 0 FROM unnest(${users}::int8[]) o, (VALUES ('u'), ('t')) AS k(k)`;
    const taken = await scans(() => refill([100, 200, 300]));
    expect(taken.result.map((r) => r.status)).toEqual([0, 0, 0]);
    const back = await scans(() => handBack([100, 200, 300]));
    expect(back.result.map((r) => r.kept)).toEqual([true, true, true, true, true, true]);
    expect(taken.seqScans).toEqual({ users: 0, tokens: 0, quota_leases: 0 });
    expect(back.seqScans).toEqual({ users: 0, tokens: 0, quota_leases: 0 });
  });

  it('counters and reservations of a few owners', async () => {
    const few = [10, 20, 30];
    const counters = await scans(
      () => conn`SELECT ferryman_counters('plans-writer', ${++seq}, 0,
        ${JSON.stringify(few.map((o) => ({ id: users[o], q: 5, u: 5, r: 1 })))}::text::json,
        ${JSON.stringify(few.map((o) => ({ id: tokens[o], q: 5, u: 5, a: 0 })))}::text::json, '[]'::json)`,
    );
    const reserved = await scans(
      () => conn<{ status: number }[]>`SELECT status FROM ferryman_reserve_once(
        ${JSON.stringify(few.map((o) => ({ u: users[o], t: tokens[o], a: 7 })))}::text::json, 'plans-writer', ${++seq}, 0) ORDER BY idx`,
    );
    expect(reserved.result.map((r) => r.status)).toEqual([0, 0, 0]);
    expect(counters.seqScans).toMatchObject({ users: 0, tokens: 0 });
    expect(reserved.seqScans).toMatchObject({ users: 0, tokens: 0 });
    const [row] = await db.sql<{ quota: number; request_count: number }[]>`SELECT quota, request_count FROM users WHERE id = ${users[10]!}`;
    expect(row).toEqual({ quota: 1000000000 - 5 - 7, request_count: 1 });
  });
});
