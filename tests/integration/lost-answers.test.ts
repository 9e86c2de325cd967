import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BatchedCounters } from '../../core/billing/batched-counters.js';
import { LogWriter, newLog } from '../../core/billing/log-writer.js';
import { QuotaLeases } from '../../core/billing/quota-leases.js';
import { QuotaLedger } from '../../core/billing/quota-ledger.js';
import type { Logger } from '../../core/log/logger.js';
import { answerLosingRelay } from '../support/answer-losing-relay.js';
import { eventually } from '../support/console-client.js';
import { openRepositoryDb, type RepositoryDb } from '../support/repository-db.js';

// A statement whose answer is lost with its connection may have committed. The gateway's batched writes (consume
// logs, counters, lease hand-backs, debt payments) are tried again after a failure: each must apply once whether the lost attempt
// committed or not (WriteMarks); a reservation statement's requests are refused, so what it reserved must come back.
// The relay lets a chosen statement run on the real database and drops its answer. On the code before them, the
// lost COPY, UPDATE and hand-back below were applied twice, and the reservation stayed charged.

const quiet: Logger = { info() {}, warn() {}, error() {}, debug() {} };

describe('batched writes whose answer is lost', () => {
  let db: RepositoryDb;
  let relay: Awaited<ReturnType<typeof answerLosingRelay>>;
  let userId: number;

  beforeAll(async () => {
    db = await openRepositoryDb();
  }, 120_000);
  afterAll(async () => db?.close());

  beforeEach(async () => {
    relay = await answerLosingRelay(db);
    const [u] = await db.sql<{ id: number }[]>`
      INSERT INTO users (username, password, display_name, role, status, quota, "group")
      VALUES (${`lost${Date.now()}${Math.random().toString(36).slice(2, 6)}`}, 'x', 'x', 1, 1, 1000000, 'default') RETURNING id`;
    userId = u!.id;
  });
  afterEach(async () => relay.close());

  const userRow = async () =>
    (await db.sql<{ quota: number; used_quota: number }[]>`SELECT quota, used_quota FROM users WHERE id = ${userId}`)[0]!;

  for (const [lost, armedOn] of [
    ['the COPY (inside its transaction, not committed)', 'lost-answer-copy-2'],
    ['the COMMIT (committed)', 'COMMIT'],
  ] as const) {
    it(`writes a consume-log batch once when the answer to ${lost} is lost`, async () => {
      const logs = new LogWriter(relay.sql, quiet);
      const tag = armedOn === 'COMMIT' ? 'lost-answer-commit' : 'lost-answer-copy';
      for (let i = 1; i <= 3; i++) logs.add(newLog({ type: 2, user_id: userId, content: `${tag}-${i}` }));
      relay.arm(armedOn);
      expect(await logs.flush()).toBe(false);
      expect(relay.lost).toBe(1);
      expect(await logs.flush()).toBe(true);
      const [row] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM logs WHERE user_id = ${userId} AND content LIKE ${`${tag}-%`}`;
      expect(row!.n).toBe(3);
    }, 30_000);
  }

  it('applies a counters batch once when its answer is lost after it committed', async () => {
    const counters = new BatchedCounters(relay.sql, quiet);
    counters.addUser(userId, 700, 700, 1);
    relay.arm('ferryman_counters');
    await counters.flush();
    expect(relay.lost).toBe(1);
    expect(await userRow()).toEqual({ quota: 1_000_000 - 700, used_quota: 700 }); // it did commit
    counters.addUser(userId, 5, 5, 1);
    await counters.flush(); // the batch again under its key (nothing applied), then the new one
    expect(await userRow()).toEqual({ quota: 1_000_000 - 705, used_quota: 705 });
  }, 30_000);

  it('refunds what a reservation statement reserved when it committed with its answer lost (QUOTA_LEASES=false)', async () => {
    const counters = new BatchedCounters(db.sql, quiet);
    const ledger = new QuotaLedger(relay.sql, counters, { kind: 'statement' }, quiet);
    relay.arm('ferryman_reserve');
    await expect(ledger.reserve(userId, 0, true, 700)).rejects.toThrow();
    expect(relay.lost).toBe(1);
    expect((await userRow()).quota).toBe(1_000_000 - 700); // it did commit; its request was refused
    // asked again under its key, in the background, the statement's answer says what it reserved: refunded
    const back = await eventually(async () => (await counters.flush(), await userRow()), (r) => r.quota === 1_000_000, 10_000);
    expect(back).toEqual({ quota: 1_000_000, used_quota: 0 });
    const next = await ledger.reserve(userId, 0, true, 50);
    expect(next.ok).toBe(true);
    expect((await userRow()).quota).toBe(1_000_000 - 50);
  }, 30_000);

  it('returns a lease hand-back to its owner once when its answer is lost, and serves none of it meanwhile', async () => {
    const leases = new QuotaLeases(relay.sql, quiet, { factor: 64, idleMs: 0 });
    await leases.start();
    const first = await leases.reserve(userId, 0, false, 10);
    if (!first.ok) throw new Error('refused');
    leases.finish(first.user, 10, 10); // 640 leased, 10 spent
    relay.arm('ferryman_lease_return');
    await leases.release(); // idle: 630 back, the row deleted; committed, the answer lost
    expect(relay.lost).toBe(1);
    expect((await userRow()).quota).toBe(1_000_000 - 10); // it did commit
    expect(leases.reserveHeld(userId, 0, false, 10)).toBeNull();
    const next = await leases.reserve(userId, 0, false, 10); // the hand-back again under its key first: found done
    if (!next.ok) throw new Error('refused');
    leases.finish(next.user, 10, 0);
    await leases.release(true);
    await leases.stop();
    // all handed back: the balance is short of exactly the 10 spent (the hand-back applied twice: 620 over)
    expect((await userRow()).quota).toBe(1_000_000 - 10);
    const [row] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM quota_leases WHERE owner_id = ${userId} AND kind = 'u'`;
    expect(row!.n).toBe(0);
  }, 30_000);

  it('pays the debt of a slice taken back once when its answer is lost after it committed', async () => {
    const leases = new QuotaLeases(relay.sql, quiet, { factor: 64, idleMs: 60_000 });
    await leases.start();
    const first = await leases.reserve(userId, 0, false, 10);
    if (!first.ok) throw new Error('refused');
    leases.finish(first.user, 10, 10); // 640 leased, 10 spent and not yet written
    await db.sql`SELECT ferryman_reclaim_leases(NULL)`; // the node's slices taken back whole: the 10 spent is owed
    expect((await userRow()).quota).toBe(1_000_000);
    await leases.release(); // finds the row gone: the slice is void, the 10 owed
    expect((await userRow()).quota).toBe(1_000_000);
    relay.arm('UPDATE users SET quota = quota -');
    await leases.release(); // pays; committed, the answer lost
    expect(relay.lost).toBe(1);
    expect((await userRow()).quota).toBe(1_000_000 - 10); // it did commit
    leases.finish(first.user, 0, 5); // a charge beyond the reservation, from the void slice: owed too
    await leases.release(); // the payment again under its key (found done), then the new debt
    await leases.stop();
    // paid twice, it would be 1 000 000 - 25
    expect((await userRow()).quota).toBe(1_000_000 - 15);
  }, 30_000);
});
