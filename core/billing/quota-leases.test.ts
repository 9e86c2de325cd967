import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sql } from '../db/connect.js';
import type { Logger } from '../log/logger.js';
import { QuotaLeases } from './quota-leases.js';

/** ferryman_lease for one user, in memory; each statement waits until the test opens the gate. */
function fakeDatabase(balance: number) {
  const db = { balance, statements: 0, gates: [] as Array<() => void> };
  const sql = ((strings: TemplateStringsArray, ...v: unknown[]) => {
    if (!strings.join('?').includes('ferryman_lease_seen_many(')) return Promise.resolve([]);
    db.statements++;
    return new Promise((resolve) => {
      db.gates.push(() =>
        resolve(
          takeItems(v).map(({ i, nu, wu }) => {
            if (db.balance < nu) return { idx: i, status: 1, user_taken: 0, token_taken: 0, user_quota: db.balance, token_quota: 0, user_elsewhere: 0, token_elsewhere: 0 };
            const taken = Math.min(db.balance, Math.max(nu, wu));
            db.balance -= taken;
            return { idx: i, status: 0, user_taken: taken, token_taken: 0, user_quota: db.balance, token_quota: 0, user_elsewhere: 0, token_elsewhere: 0 };
          }),
        ),
      );
    });
  }) as unknown as Sql;
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const open = async () => {
    await tick();
    while (db.gates.length) {
      db.gates.shift()!();
      await tick();
    }
  };
  return { db, sql, open };
}
const quiet: Logger = { info() {}, warn() {}, error() {}, debug() {} };

/** An item of ferryman_lease_seen_many (sql/0021): its index, user, token, and need and want of each. */
interface TakeItem {
  i: number;
  u: number;
  t: number;
  nu: number;
  wu: number;
  nt: number;
  wt: number;
}
const takeItems = (v: unknown[]) => JSON.parse(v[1] as string) as TakeItem[];

/** An item of ferryman_lease_return_many (sql/0021): its index, the slice's kind and owner, the give and the amount kept. */
interface ReturnItem {
  i: number;
  k: string;
  o: number;
  r: number;
  h: number;
}

describe('QuotaLeases', () => {
  it('tops a running-low slice up in the background, so reservations keep going without waiting', async () => {
    const { db, sql, open } = fakeDatabase(1_000_000);
    const leases = new QuotaLeases(sql, quiet, { factor: 64 });
    const first = leases.reserve(1, 0, false, 10);
    await open();
    const granted = await first;
    if (!granted.ok) throw new Error('the first reservation was refused');
    const slice = granted.user;
    expect(leases.held('u', 1)).toBe(630);
    leases.finish(slice, 10, 10);

    // Spend the slice down below a quarter (160): one background statement is queued, none awaited.
    let settled = 0;
    for (let i = 0; i < 50; i++) {
      void leases.reserve(1, 0, false, 10).then((r) => {
        expect(r.ok).toBe(true);
        settled++;
      });
      await new Promise((r) => setTimeout(r, 0));
      leases.finish(slice, 10, 10);
    }
    expect(settled).toBe(50);
    expect(db.statements).toBe(2);
    expect(leases.held('u', 1)).toBe(630 - 500);

    await open();
    expect(leases.held('u', 1)).toBe(130 + 640);
    expect(db.balance).toBe(1_000_000 - 640 - 640);
  });

  it('leaves a refused top-up to the next reservation, which reports the shortfall', async () => {
    const { sql, open } = fakeDatabase(200);
    const leases = new QuotaLeases(sql, quiet, { factor: 64 });
    const first = leases.reserve(1, 0, false, 10);
    await open();
    expect(await first).toMatchObject({ ok: true });
    expect(leases.held('u', 1)).toBe(190); // all there was
    for (let i = 0; i < 19; i++) expect(await leases.reserve(1, 0, false, 10)).toMatchObject({ ok: true });
    const short = leases.reserve(1, 0, false, 10);
    await open();
    expect(await short).toMatchObject({ ok: false, reason: 'user' });
  });

  describe('after the database refused an owner for want of quota', () => {
    afterEach(() => vi.useRealTimers());

    /** a slice spent to nothing, then a reservation of 10 refused with 5 left in the database */
    async function refusedWithFiveLeft() {
      vi.useFakeTimers({ toFake: ['Date'] });
      const { db, sql, open } = fakeDatabase(10);
      const leases = new QuotaLeases(sql, quiet, { factor: 64 });
      const first = leases.reserve(1, 0, false, 10);
      await open();
      const granted = await first;
      if (!granted.ok) throw new Error('the first reservation was refused');
      leases.finish(granted.user, 10, 10);
      db.balance = 5;
      const short = leases.reserve(1, 0, false, 10);
      await open();
      expect(await short).toMatchObject({ ok: false, reason: 'user', userQuota: 5 });
      return { db, leases };
    }

    it('refuses what it could not cover again for a second without a statement, and lets a smaller one ask', async () => {
      const { db, leases } = await refusedWithFiveLeft();
      const statements = db.statements;
      for (let i = 0; i < 100; i++) expect(leases.reserveHeld(1, 0, false, 10)).toEqual({ ok: false, reason: 'user', userQuota: 5, tokenQuota: 0 });
      expect(db.statements).toBe(statements);
      // 5 is what the database had: the statement may serve it
      expect(leases.reserveHeld(1, 0, false, 5)).toBeNull();
      vi.setSystemTime(Date.now() + 999);
      expect(leases.reserveHeld(1, 0, false, 10)).toMatchObject({ ok: false });
      vi.setSystemTime(Date.now() + 2);
      expect(leases.reserveHeld(1, 0, false, 10)).toBeNull();
    });

    it('forgets the refusal when a credit of the owner is announced', async () => {
      const { leases } = await refusedWithFiveLeft();
      leases.forgetRefusal('t', 1);
      expect(leases.reserveHeld(1, 0, false, 10)).toMatchObject({ ok: false });
      leases.forgetRefusal('u', 1);
      expect(leases.reserveHeld(1, 0, false, 10)).toBeNull();
    });
  });

  it('reads a balance between lease statements, never during one, so a slice being taken is counted once', async () => {
    const { db, sql, open } = fakeDatabase(1_000_000);
    const leases = new QuotaLeases(sql, quiet, { factor: 64 });
    const taking = leases.reserve(1, 0, false, 10);
    // the statement takes from the row at once and adds to what is held once answered: read both after it
    const seen = leases.inTurn(async () => db.balance + leases.held('u', 1));
    await open();
    expect((await taking).ok).toBe(true);
    expect(await seen).toBe(1_000_000 - 10);
  });

  it('takes a reservation the slices cover at once, and leaves one they do not cover to reserve()', async () => {
    const { db, sql, open } = fakeDatabase(1_000);
    const leases = new QuotaLeases(sql, quiet, { factor: 64 });
    expect(leases.reserveHeld(1, 0, false, 10)).toBeNull(); // nothing held yet
    const first = leases.reserve(1, 0, false, 10);
    await open();
    expect(await first).toMatchObject({ ok: true });
    const held = leases.reserveHeld(1, 0, false, 10);
    expect(held).toMatchObject({ ok: true, userQuotaAfter: 1_000 - 640 + 620 });
    expect(leases.held('u', 1)).toBe(620);
    expect(leases.reserveHeld(1, 0, false, 621)).toBeNull();
    expect(leases.held('u', 1)).toBe(620);
    expect(db.statements).toBe(1);
  });

  it('lets a charge beyond its reservation spend what the slice holds, never more', async () => {
    const { sql, open } = fakeDatabase(1_000);
    const leases = new QuotaLeases(sql, quiet, { factor: 64 });
    const first = leases.reserve(1, 0, false, 10);
    await open();
    expect(await first).toMatchObject({ ok: true });
    expect(leases.held('u', 1)).toBe(630);
    expect(leases.spendHeld('u', 1, 100)).toBe(100);
    expect(leases.spendHeld('u', 1, 1_000)).toBe(530);
    expect(leases.held('u', 1)).toBe(0);
    expect(leases.spendHeld('u', 2, 5)).toBe(0);
  });
});

/**
 * A database that grants every lease at once (with `returnsWait`, answers a return only on db.answerReturn(); the
 * first `answersLost` leases, `returnsLost` returns and `chargesLost` debt payments commit and fail, as when the
 * connection drops before their answer), with what other nodes hold beside it (`elsewhere`), and records each
 * lease statement's arguments. `kept: false`: it has already taken every slice back (its rows are gone). Returns and
 * debt payments carry write keys (ferryman_writes): one made again under its key is answered as before, not applied.
 */
function grantingDatabase({ kept = true, elsewhere = 0, returnsWait = false, answersLost = 0, returnsLost = 0, chargesLost = 0 } = {}) {
  const db = {
    leases: 0,
    takes: [] as number[][],
    returns: [] as number[][],
    /** the amount of the node's quota_leases row */
    row: 0,
    charged: [] as number[],
    beats: 0,
    alive: true,
    answerReturn: null as (() => void) | null,
  };
  const keys = new Map<string, boolean>();
  const sql = ((strings: TemplateStringsArray, ...v: unknown[]) => {
    // a debt payment's key (WriteMarks.claimed: writer, seq, knownBelow), its statement's first value
    if (strings[0]!.startsWith('claimed AS')) return { claim: v };
    const text = strings.join('?');
    if (text.includes('ferryman_lease_seen_many(')) {
      db.leases++;
      const items = takeItems(v);
      for (const { nu, wu } of items) {
        db.takes.push([nu, wu]);
        db.row += Math.max(nu, wu);
      }
      if (answersLost-- > 0) return Promise.reject(new Error('write CONNECTION_CLOSED'));
      return Promise.resolve(
        items.map(({ i, nu, wu }) => ({ idx: i, status: 0, user_taken: Math.max(nu, wu), token_taken: 0, user_quota: 1_000_000, token_quota: 0, user_elsewhere: elsewhere, token_elsewhere: 0 })),
      );
    }
    if (text.includes('ferryman_lease_return_many(')) {
      const [, items, writer, seq] = v as [string, string, string, number];
      const key = `${writer}#${seq}`;
      const parsed = JSON.parse(items) as ReturnItem[];
      const answer = parsed.map((it) => ({ idx: it.i, kept: keys.get(key) ?? kept }));
      if (keys.has(key)) return Promise.resolve(answer);
      keys.set(key, kept);
      for (const it of parsed) {
        db.returns.push([it.r, it.h]);
        db.row = it.h;
      }
      if (returnsLost-- > 0) return Promise.reject(new Error('write CONNECTION_CLOSED'));
      if (returnsWait) return new Promise((resolve) => (db.answerReturn = () => resolve(answer)));
      return Promise.resolve(answer);
    }
    if (text.includes('SELECT amount FROM quota_leases')) return Promise.resolve(db.row > 0 ? [{ amount: db.row }] : []);
    if (text.includes('ferryman_node_beat(')) {
      db.beats++;
      return Promise.resolve([{ alive: db.alive }]);
    }
    if (text.includes('UPDATE users SET quota = quota -')) {
      const [writer, seq] = (v[0] as { claim: unknown[] }).claim;
      const key = `${String(writer)}#${String(seq)}`;
      if (!keys.has(key)) {
        keys.set(key, true);
        db.charged.push(v[1] as number);
      }
      if (chargesLost-- > 0) return Promise.reject(new Error('write CONNECTION_CLOSED'));
    }
    return Promise.resolve([]);
  }) as unknown as Sql;
  return { db, sql };
}

describe('QuotaLeases when the database has taken a slice back', () => {
  it('charges what the slice spent since its last write and what requests in flight spend, and serves no more from it', async () => {
    const { db, sql } = grantingDatabase({ kept: false });
    const leases = new QuotaLeases(sql, quiet, { factor: 64 });
    const first = await leases.reserve(1, 0, false, 10);
    if (!first.ok) throw new Error('refused');
    leases.finish(first.user, 10, 10); // spent 10 since the row was written (640)
    const second = await leases.reserve(1, 0, false, 10);
    if (!second.ok) throw new Error('refused');
    expect(second.user).toBe(first.user);

    await leases.release(); // the row is gone: the slice is void
    expect(first.user.void).toBe(true);
    expect(leases.held('u', 1)).toBe(0);
    leases.finish(second.user, 10, 7); // in flight when voided: its spend is owed too
    await leases.release();
    expect(db.charged).toEqual([17]);

    const third = await leases.reserve(1, 0, false, 10);
    if (!third.ok) throw new Error('refused');
    expect(third.user).not.toBe(first.user);
    expect(db.leases).toBe(2);
  });

  it('charges a debt once when two releases overlap (a tick still running when shutdown releases all)', async () => {
    const { db, sql } = grantingDatabase({ kept: false });
    const leases = new QuotaLeases(sql, quiet, { factor: 64 });
    const first = await leases.reserve(1, 0, false, 10);
    if (!first.ok) throw new Error('refused');
    leases.finish(first.user, 10, 10);
    await leases.release(); // the row is gone: the 10 spent since it was written is owed
    await Promise.all([leases.release(), leases.release(true)]);
    expect(db.charged).toEqual([10]);
  });

  it('voids every slice and registers anew when its heartbeat finds it declared dead', async () => {
    const { db, sql } = grantingDatabase({ kept: false });
    const leases = new QuotaLeases(sql, quiet, { factor: 64, heartbeatTimeoutS: 30 });
    await leases.start();
    const first = await leases.reserve(1, 0, false, 10);
    if (!first.ok) throw new Error('refused');
    db.alive = false;
    await leases.heartbeat();
    expect(first.user.void).toBe(true);
    leases.finish(first.user, 10, 10);
    db.alive = true;
    await leases.release();
    // 10 spent from the void slice is charged; the reclaim had returned the rest
    expect(db.charged).toEqual([10]);
    const again = await leases.reserve(1, 0, false, 10);
    expect(again.ok && again.user !== first.user).toBe(true);
  });
});

describe('QuotaLeases recalled by another node', () => {
  it('hands back what it holds unassigned, still records what it spent until the next write, and then takes only what a request needs', async () => {
    const { db, sql } = grantingDatabase();
    const leases = new QuotaLeases(sql, quiet, { factor: 64 });
    const first = await leases.reserve(1, 0, false, 10);
    if (!first.ok) throw new Error('refused');
    leases.finish(first.user, 10, 10); // 630 held, 10 spent since the row (640) was written
    leases.mark(); // a flush has begun: its consume logs explain that 10
    await leases.recall('u', 1);
    // 630 back to the owner; the row keeps the 10 spent until the logs are written
    expect(db.returns).toEqual([[630, 10]]);
    expect(leases.held('u', 1)).toBe(0);
    await leases.release();
    // the flush's write records the spend, and not the 630 handed back as still leased
    expect(db.returns).toEqual([[630, 10], [0, 0]]);

    // for a while this node takes only what a request needs, leaving the rest to the node that recalled it
    const next = await leases.reserve(1, 0, false, 10);
    expect(next.ok).toBe(true);
    expect(db.takes).toEqual([[10, 640], [10, 10]]);
  });

  it('serves nothing from what it is handing back while the return is still running', async () => {
    const { db, sql } = grantingDatabase({ returnsWait: true });
    const leases = new QuotaLeases(sql, quiet, { factor: 64 });
    const first = await leases.reserve(1, 0, false, 10);
    if (!first.ok) throw new Error('refused');
    const recalling = leases.recall('u', 1);
    await new Promise((r) => setTimeout(r, 0));
    expect(db.returns).toEqual([[630, 10]]); // the owner has the 630 back (and the recalling node may lease it)
    expect(leases.reserveHeld(1, 0, false, 10)).toBeNull();
    db.answerReturn!();
    await recalling;
    expect(leases.held('u', 1)).toBe(0);
    leases.finish(first.user, 10, 10);
    expect(leases.held('u', 1)).toBe(0);
  });
});

describe('QuotaLeases handing an idle slice back whole', () => {
  it('takes the refill queued behind the write into a fresh slice, so the row records all that is leased', async () => {
    const { db, sql } = grantingDatabase({ returnsWait: true });
    const leases = new QuotaLeases(sql, quiet, { factor: 64, idleMs: 0 });
    const first = await leases.reserve(1, 0, false, 10);
    if (!first.ok) throw new Error('refused');
    expect(leases.spendHeld('u', 1, 630)).toBe(630);
    leases.finish(first.user, 10, 10); // all 640 spent: the next write brings the row to 0 and drops the slice
    const releasing = leases.release();
    await new Promise((r) => setTimeout(r, 0));
    const waiting = leases.reserve(1, 0, false, 10); // nothing held: its refill waits behind the write
    db.answerReturn!();
    await releasing;
    const second = await waiting;
    if (!second.ok) throw new Error('refused');
    expect(second.user).not.toBe(first.user);
    expect(db.row).toBe(640);
    expect(leases.held('u', 1) + second.user.inflight).toBe(db.row);
  });
});

describe('QuotaLeases after a lease statement failed', () => {
  it('holds what the statement took when it had committed and its answer was lost, and writes the row with it', async () => {
    const { db, sql } = grantingDatabase({ answersLost: 1 });
    const leases = new QuotaLeases(sql, quiet, { factor: 64, idleMs: 0 });
    await expect(leases.reserve(1, 0, false, 10)).rejects.toThrow('CONNECTION_CLOSED');
    expect(db.row).toBe(640); // leased under this node, in no slice yet
    // the next reservation reads the row first: the 640 serves it, without another lease
    const next = await leases.reserve(1, 0, false, 10);
    if (!next.ok) throw new Error('refused');
    expect(db.takes).toHaveLength(1);
    leases.finish(next.user, 10, 10);
    await leases.release(); // idle: the 630 left goes back, the 10 spent leaves the row
    expect(db.returns).toEqual([[630, 0]]);
    expect(db.row).toBe(0);
  });

  it('makes a hand-back whose answer was lost again under its key, serving nothing of it meanwhile: the owner gets it once', async () => {
    const { db, sql } = grantingDatabase({ returnsLost: 1 });
    const leases = new QuotaLeases(sql, quiet, { factor: 64, idleMs: 0 });
    const first = await leases.reserve(1, 0, false, 10);
    if (!first.ok) throw new Error('refused');
    leases.finish(first.user, 10, 10);
    await leases.release(); // idle: 630 back to the owner, the row to 0; it committed and its answer was lost
    expect(db.returns).toEqual([[630, 0]]);
    expect(leases.reserveHeld(1, 0, false, 10)).toBeNull(); // the 630 may be the owner's again: not served
    const next = await leases.reserve(1, 0, false, 10); // the hand-back is made again first: found done
    if (!next.ok) throw new Error('refused');
    expect(next.user).not.toBe(first.user);
    expect(db.returns).toEqual([[630, 0]]);
    expect(db.takes).toEqual([[10, 640], [10, 640]]);
    expect(db.row).toBe(640);
  });

  it('pays a debt whose answer was lost after it committed once', async () => {
    const { db, sql } = grantingDatabase({ kept: false, chargesLost: 1 });
    const leases = new QuotaLeases(sql, quiet, { factor: 64 });
    const first = await leases.reserve(1, 0, false, 10);
    if (!first.ok) throw new Error('refused');
    leases.finish(first.user, 10, 10);
    await leases.release(); // the row is gone: the 10 spent since it was written is owed
    await leases.release(); // paid; the answer is lost
    leases.finish(first.user, 0, 5); // a charge beyond the reservation, from the void slice: owed too
    await leases.release(); // the payment again under its key (found done), then the new debt
    expect(db.charged).toEqual([10, 5]);
  });
});

describe('QuotaLeases finding itself declared dead', () => {
  it('takes the refill that found it so into a fresh slice under its new name, not into a voided one', async () => {
    const { db, sql } = grantingDatabase({ returnsWait: true });
    const leases = new QuotaLeases(sql, quiet, { factor: 64, heartbeatTimeoutS: 0.05 });
    await leases.start();
    const first = await leases.reserve(1, 0, false, 10);
    if (!first.ok) throw new Error('refused');
    expect(leases.spendHeld('u', 1, 630)).toBe(630);
    leases.finish(first.user, 10, 10);
    const releasing = leases.release(); // writes the spend; the refill below waits behind it
    await new Promise((r) => setTimeout(r, 0));
    const waiting = leases.reserve(1, 0, false, 10);
    await new Promise((r) => setTimeout(r, 40)); // the heartbeat is late now
    db.alive = false;
    db.answerReturn!();
    await releasing;
    const second = await waiting;
    if (!second.ok) throw new Error('refused');
    expect(first.user.void).toBe(true);
    expect(second.user).not.toBe(first.user);
    // one lease statement before, one after registering anew: none into the voided slice
    expect(db.takes).toHaveLength(2);
    expect(leases.held('u', 1)).toBe(630);
  });
});

/**
 * One limited token's quota_leases row under this node, in memory, answering every statement at once (the user's
 * side is granted and ignored). `edit(x)` is the owner setting the token's quota: the row is marked cancelled
 * (tokens.ts updateToken), and the lease statements and cancelToken's find the mark as sql/0016 does.
 */
function tokenRowDatabase() {
  const db = {
    remain: 1_000_000,
    row: null as { amount: number; cancelled: boolean } | null,
    edit(x: number) {
      db.remain = x;
      if (db.row) db.row = { amount: 0, cancelled: true };
    },
  };
  const tokenStatement = (text: string, v: unknown[]): unknown[] => {
    if (text.includes('ferryman_lease_seen_many(')) {
      return takeItems(v).map(({ i, nu, wu, nt, wt }) => {
        if (nt > 0 && db.row?.cancelled) {
          db.row = null;
          return { idx: i, status: 5, user_taken: 0, token_taken: 0, user_quota: 0, token_quota: db.remain, user_elsewhere: 0, token_elsewhere: 0 };
        }
        const tokenTaken = nt > 0 ? Math.min(db.remain, Math.max(nt, wt)) : 0;
        db.remain -= tokenTaken;
        if (tokenTaken > 0) db.row = { amount: (db.row?.amount ?? 0) + tokenTaken, cancelled: false };
        return { idx: i, status: 0, user_taken: nu > 0 ? Math.max(nu, wu) : 0, token_taken: tokenTaken, user_quota: 1_000_000, token_quota: db.remain, user_elsewhere: 0, token_elsewhere: 0 };
      });
    }
    if (text.includes('ferryman_lease_return_many(')) {
      const kept = (kind: string, give: number, stillHeld: number): boolean | null => {
        if (kind === 'u') return true;
        if (db.row?.cancelled) {
          db.row = null;
          return null;
        }
        if (!db.row) {
          if (give < 0) db.remain += give;
          return false;
        }
        db.remain += give;
        db.row = stillHeld === 0 ? null : { amount: stillHeld, cancelled: false };
        return true;
      };
      return (JSON.parse(v[1] as string) as ReturnItem[]).map((it) => ({ idx: it.i, kept: kept(it.k, it.r, it.h) }));
    }
    if (text.includes('DELETE FROM quota_leases') && text.includes('cancelled')) {
      const was = db.row?.cancelled;
      if (was) db.row = null;
      return was ? [{}] : [];
    }
    if (text.includes('UPDATE tokens SET remain_quota = remain_quota -')) db.remain -= v[1] as number;
    return [];
  };
  const sql = ((strings: TemplateStringsArray, ...v: unknown[]) =>
    // a debt payment's key is its statement's first value (WriteMarks.claimed)
    strings[0]!.startsWith('claimed AS') ? { claim: v } : Promise.resolve(tokenStatement(strings.join('?'), v))) as unknown as Sql;
  return { db, sql };
}

describe("QuotaLeases when a token's quota is set by hand", () => {
  for (const learnsBy of ['its notice', "the slice's next write"] as const) {
    it(`leaves what a slice spent before the node learned of the edit with the old value, and charges the new one what it spends after (learning by ${learnsBy})`, async () => {
      const { db, sql } = tokenRowDatabase();
      const leases = new QuotaLeases(sql, quiet, { factor: 64 });
      const served = async (spent: number) => {
        const r = await leases.reserve(1, 5, true, 10);
        if (!r.ok) throw new Error('refused');
        leases.finish(r.user, 10, spent);
        leases.finish(r.token!, 10, spent);
      };
      await served(10); // 640 leased from the token, 10 spent, not yet written
      const inflight = await leases.reserve(1, 5, true, 10);
      if (!inflight.ok) throw new Error('refused');
      db.edit(5_000);
      // both reach the node, in either order: the first tells it, the second changes nothing
      if (learnsBy === 'its notice') await leases.cancelToken(5);
      await leases.release();
      expect(inflight.token!.void).toBe(true);
      leases.finish(inflight.user, 10, 7);
      leases.finish(inflight.token!, 10, 7); // finishing after the node learned: charged to the 5 000
      await served(20); // into a fresh slice of the 5 000
      if (learnsBy !== 'its notice') await leases.cancelToken(5); // the notice, late: the fresh slice stays
      await leases.release(true);
      expect(db).toMatchObject({ row: null, remain: 5_000 - 7 - 20 });
    });
  }
});

describe('QuotaLeases beside other nodes', () => {
  it('reports the balance after a reservation with what other nodes hold of it, for the low-balance notice', async () => {
    const { sql } = grantingDatabase({ elsewhere: 5_000 });
    const leases = new QuotaLeases(sql, quiet, { factor: 64 });
    expect(await leases.reserve(1, 0, false, 10)).toMatchObject({ ok: true, userQuotaAfter: 1_000_000 + 5_000 + 630 });
    expect(leases.reserveHeld(1, 0, false, 10)).toMatchObject({ ok: true, userQuotaAfter: 1_000_000 + 5_000 + 620 });
  });
});

/**
 * Users' rows under this node, in memory: every lease granted, every hand-back applied once per write key (its
 * answer stored by index, as ferryman_writes.answer keeps it); the first `returnsLost` hand-back statements commit
 * and fail. Counts the items of each lease statement and of each hand-back statement.
 */
function manyOwnersDatabase({ returnsLost = 0 } = {}) {
  const db = { rows: new Map<number, number>(), returned: new Map<number, number>(), statements: [] as number[], takes: [] as number[] };
  const answers = new Map<string, { idx: number; kept: boolean }[]>();
  const sql = ((strings: TemplateStringsArray, ...v: unknown[]) => {
    const text = strings.join('?');
    if (text.includes('ferryman_lease_seen_many(')) {
      const items = takeItems(v);
      db.takes.push(items.length);
      return Promise.resolve(
        items.map(({ i, u, nu, wu }) => {
          const taken = Math.max(nu, wu);
          db.rows.set(u, (db.rows.get(u) ?? 0) + taken);
          return { idx: i, status: 0, user_taken: taken, token_taken: 0, user_quota: 1_000_000, token_quota: 0, user_elsewhere: 0, token_elsewhere: 0 };
        }),
      );
    }
    if (text.includes('ferryman_lease_return_many(')) {
      const [, items, writer, seq] = v as [string, string, string, number];
      const key = `${writer}#${seq}`;
      const done = answers.get(key);
      if (done) return Promise.resolve(done);
      const parsed = JSON.parse(items) as ReturnItem[];
      db.statements.push(parsed.length);
      for (const it of parsed) {
        db.returned.set(it.o, (db.returned.get(it.o) ?? 0) + it.r);
        if (it.h === 0) db.rows.delete(it.o);
        else db.rows.set(it.o, it.h);
      }
      const answer = parsed.map((it) => ({ idx: it.i, kept: true }));
      answers.set(key, answer);
      if (returnsLost-- > 0) return Promise.reject(new Error('write CONNECTION_CLOSED'));
      return Promise.resolve(answer);
    }
    return Promise.resolve([]);
  }) as unknown as Sql;
  return { db, sql };
}

describe('QuotaLeases with many owners', () => {
  it('writes a tick’s slices back in one statement per 64 of them, each owner’s once', async () => {
    const { db, sql } = manyOwnersDatabase();
    const leases = new QuotaLeases(sql, quiet, { factor: 64, idleMs: 0 });
    for (let u = 1; u <= 600; u++) {
      const r = await leases.reserve(u, 0, false, 10);
      if (!r.ok) throw new Error('refused');
      leases.finish(r.user, 10, 10);
    }
    await leases.release();
    expect(db.statements).toEqual([...Array(9).fill(64), 24]);
    // each owner got back what it held unassigned, and its row is gone
    expect(db.rows.size).toBe(0);
    expect([...db.returned.values()].every((give) => give === 630)).toBe(true);
    expect(db.returned.size).toBe(600);
  });

  it('makes a statement whose answer was lost again whole before any of its slices is written or served again, and each owner gets its give once', async () => {
    const { db, sql } = manyOwnersDatabase({ returnsLost: 1 });
    const leases = new QuotaLeases(sql, quiet, { factor: 64, idleMs: 0 });
    for (let u = 1; u <= 3; u++) {
      const r = await leases.reserve(u, 0, false, 10);
      if (!r.ok) throw new Error('refused');
      leases.finish(r.user, 10, 10);
    }
    await leases.release(); // committed, answer lost: the three gives may be the owners' again
    expect(db.statements).toEqual([3]);
    for (let u = 1; u <= 3; u++) expect(leases.reserveHeld(u, 0, false, 10)).toBeNull();
    // user 2's next request makes the statement again first: found done, for all three
    const next = await leases.reserve(2, 0, false, 10);
    if (!next.ok) throw new Error('refused');
    expect(db.statements).toEqual([3]);
    expect([...db.returned.values()]).toEqual([630, 630, 630]);
    expect([...db.rows]).toEqual([[2, 640]]);
    // the other two slices learned their outcome too: handed back whole, nothing more to write for them
    await leases.release();
    expect(db.statements).toEqual([3, 1]);
    expect(db.returned.get(1)).toBe(630);
  });
});

describe('QuotaLeases refilling for many owners at once', () => {
  it('takes for every refill waiting in one statement, a slice once, and serves a second refill of a slice from what the first took', async () => {
    const { db, sql } = manyOwnersDatabase();
    const leases = new QuotaLeases(sql, quiet, { factor: 64 });
    // 100 owners new to this node, and a second request of owner 1 beside them
    const all = await Promise.all([...Array.from({ length: 100 }, (_, i) => leases.reserve(i + 1, 0, false, 10)), leases.reserve(1, 0, false, 10)]);
    expect(all.every((r) => r.ok)).toBe(true);
    // one statement for the hundred; owner 1's second refill waited for the next turn and found its slice filled
    expect(db.takes).toEqual([100]);
    expect(leases.held('u', 1)).toBe(640 - 20);
    expect(leases.held('u', 100)).toBe(630);
  });
});
