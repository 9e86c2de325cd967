import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchedCounters } from '../../core/billing/batched-counters.js';
import { QuotaLeases } from '../../core/billing/quota-leases.js';
import { ReservationBatcher } from '../../core/billing/reservation-batcher.js';
import type { Logger } from '../../core/log/logger.js';
import { openRepositoryDb, type RepositoryDb } from '../support/repository-db.js';
import { testDbKind } from '../support/test-database.js';

// Statements that lock several users' and tokens' rows must take them in one order, or two of them wait for each
// other until PostgreSQL breaks the cycle (deadlock_timeout, 1 s) by rolling one back: a reservation batch
// (QUOTA_LEASES=false) refused its requests with "deadlock detected", a counters batch waited a second and was
// tried again. Here three nodes' reservation batches, each over the same four users and tokens in another order,
// run beside counters statements over them. Before the order (sql/0018_reserve_lock_order.sql, ferryman_counters),
// over 10 s: 7 to 27 deadlocks, and 83 to 100 reservations served against 42 820 with it. The embedded database
// runs one statement at a time and cannot deadlock.

describe.skipIf(testDbKind() !== 'postgres')('rows locked in one order by every writer of users and tokens', () => {
  let db: RepositoryDb;
  const users: number[] = [];
  const tokens: number[] = [];

  beforeAll(async () => {
    db = await openRepositoryDb();
    for (let i = 0; i < 4; i++) {
      const [u] = await db.sql<{ id: number }[]>`
        INSERT INTO users (username, password, display_name, role, status, quota, "group")
        VALUES (${`lock-order-${i}`}, 'x', 'x', 1, 1, 1000000000, 'default') RETURNING id`;
      const [t] = await db.sql<{ id: number }[]>`
        INSERT INTO tokens (user_id, key, name, status, remain_quota, unlimited_quota, created_time)
        VALUES (${u!.id}, ${`lock-order-key-${i}`}, 't', 1, 1000000000, false, 0) RETURNING id`;
      users.push(u!.id);
      tokens.push(t!.id);
    }
  }, 120_000);
  afterAll(async () => db?.close());

  /** Counters batches over every user and token for 4 s, and the errors logged by them and the test's other writers. */
  const countersBeside = () => {
    const failures: string[] = [];
    const logger: Logger = {
      info() {},
      debug() {},
      warn: (message, fields) => failures.push(`${message} ${JSON.stringify(fields)}`),
      error: (message, fields) => failures.push(`${message} ${JSON.stringify(fields)}`),
    };
    const counters = new BatchedCounters(db.sql, logger);
    const end = Date.now() + 4_000;
    const writeCounters = async () => {
      while (Date.now() < end) {
        // added in descending order: the statement must not lock in the order the deltas arrived
        for (let i = 3; i >= 0; i--) {
          counters.addUser(users[i]!, 1, 1, 1);
          counters.addToken(tokens[i]!, 1, false, 1);
        }
        await counters.flush();
      }
    };
    return { failures, logger, counters, end, writeCounters };
  };

  it('serves every reservation and writes every counters batch while reservation batches and counters overlap', async () => {
    const { failures, logger, end, writeCounters } = countersBeside();
    const nodes = [0, 1, 2].map(() => new ReservationBatcher(db.sql, logger, () => {}));
    let served = 0;
    const reserve = async (node: ReservationBatcher, k: number) => {
      while (Date.now() < end) {
        await Promise.all(
          [0, 1, 2, 3].map(async (j) => {
            const i = (j + k) % 4;
            try {
              const row = await node.submit({ u: users[i]!, t: tokens[i]!, a: 1, tu: false });
              if (row?.status === 0) served++;
            } catch (e) {
              failures.push(String(e));
            }
          }),
        );
      }
    };
    await Promise.all([writeCounters(), ...nodes.map(reserve)]);
    expect(failures).toEqual([]);
    // a deadlock costs its statements a second; without one, thousands are served in the 4 s
    expect(served).toBeGreaterThan(2_000);
    const [u] = await db.sql<{ quota: number }[]>`SELECT sum(quota)::bigint AS quota FROM users WHERE id IN ${db.sql(users)}`;
    const [c] = await db.sql<{ used: number }[]>`SELECT sum(used_quota)::bigint AS used FROM users WHERE id IN ${db.sql(users)}`;
    // each reservation took 1 from a balance, each counters delta 1 more (and 1 of used)
    expect(Number(u!.quota)).toBe(4 * 1_000_000_000 - served - Number(c!.used));
  }, 60_000);

  it('leases and hands back slices of the same users and tokens on three nodes, in batches, while counters lock them', async () => {
    const { failures, logger, end, writeCounters, counters } = countersBeside();
    const [before] = await db.sql<{ u: number; t: number; used: number }[]>`
      SELECT (SELECT sum(quota) FROM users WHERE id IN ${db.sql(users)})::bigint AS u,
             (SELECT sum(used_quota) FROM users WHERE id IN ${db.sql(users)})::bigint AS used,
             (SELECT sum(remain_quota) FROM tokens WHERE id IN ${db.sql(tokens)})::bigint AS t`;
    // small slices handed back at every tick: each node's refills and write-backs lock all four users and tokens
    const nodes = [0, 1, 2].map(() => new QuotaLeases(db.sql, logger, { factor: 4, idleMs: 0, heartbeatTimeoutS: 60 }));
    await Promise.all(nodes.map((n) => n.start()));
    let served = 0;
    const serve = async (node: QuotaLeases, k: number) => {
      while (Date.now() < end) {
        await Promise.all(
          [0, 1, 2, 3].map(async (j) => {
            const i = (j + k) % 4;
            try {
              const r = await node.reserve(users[i]!, tokens[i]!, true, 1);
              if (!r.ok) return failures.push(`refused: ${r.reason}`);
              served++;
              node.finish(r.user, 1, 1);
              node.finish(r.token!, 1, 1);
            } catch (e) {
              failures.push(String(e));
            }
          }),
        );
      }
    };
    const tick = async (node: QuotaLeases) => {
      while (Date.now() < end) {
        await node.release();
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await Promise.all([writeCounters(), ...nodes.map(serve), ...nodes.map(tick)]);
    for (const node of nodes) {
      await node.release(true);
      await node.stop();
    }
    await counters.flush();
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(1_000);
    const [left] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM quota_leases`;
    expect(left!.n).toBe(0);
    // every slice home: each reservation spent 1 of its user and 1 of its token, each counters delta 1 more
    const [after] = await db.sql<{ u: number; t: number; used: number }[]>`
      SELECT (SELECT sum(quota) FROM users WHERE id IN ${db.sql(users)})::bigint AS u,
             (SELECT sum(used_quota) FROM users WHERE id IN ${db.sql(users)})::bigint AS used,
             (SELECT sum(remain_quota) FROM tokens WHERE id IN ${db.sql(tokens)})::bigint AS t`;
    const counted = Number(after!.used) - Number(before!.used);
    expect(Number(after!.u)).toBe(Number(before!.u) - served - counted);
    expect(Number(after!.t)).toBe(Number(before!.t) - served - counted);
  }, 60_000);

  it('returns dead nodes\' slices while counters batches lock the same rows', async () => {
    const { failures, end, writeCounters, counters } = countersBeside();
    const balances = async () => {
      const [row] = await db.sql<{ u: number; t: number; used: number }[]>`
        SELECT (SELECT sum(quota) FROM users WHERE id IN ${db.sql(users)})::bigint AS u,
               (SELECT sum(used_quota) FROM users WHERE id IN ${db.sql(users)})::bigint AS used,
               (SELECT sum(remain_quota) FROM tokens WHERE id IN ${db.sql(tokens)})::bigint AS t`;
      return { u: Number(row!.u), t: Number(row!.t), used: Number(row!.used) };
    };
    const before = await balances();
    let returned = 0;
    // a node that stopped beating with a slice of every user and token, and a reclaim that returns them
    const reclaim = async (k: number) => {
      for (let n = 0; Date.now() < end; n++) {
        const node = `lock-order-dead-${k}-${n}`;
        try {
          await db.sql`INSERT INTO ferryman_nodes (node, heartbeat_at) VALUES (${node}, 0)`;
          await db.sql`INSERT INTO quota_leases (kind, owner_id, node, amount, updated_at)
            SELECT kind, id, ${node}, 5, 0 FROM (SELECT 'u' AS kind, unnest(${users}::bigint[]) AS id
              UNION ALL SELECT 't', unnest(${tokens}::bigint[])) s`;
          await db.sql`SELECT ferryman_reclaim_leases(60)`;
          returned++;
        } catch (e) {
          failures.push(String(e));
        }
      }
    };
    await Promise.all([writeCounters(), reclaim(0), reclaim(1)]);
    await counters.flush();
    expect(failures).toEqual([]);
    expect(returned).toBeGreaterThan(50);
    const [left] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM quota_leases`;
    expect(left!.n).toBe(0);
    // the slices were never taken from the balances here, so each return adds 5 to every user and token
    const after = await balances();
    const counted = after.used - before.used;
    expect(after.u).toBe(before.u + 4 * 5 * returned - counted);
    expect(after.t).toBe(before.t + 4 * 5 * returned - counted);
  }, 60_000);
});
