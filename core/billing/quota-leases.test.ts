import { describe, expect, it } from 'vitest';
import type { Sql } from '../db/connect.js';
import type { Logger } from '../log/logger.js';
import { QuotaLeases } from './quota-leases.js';

/** ferryman_lease for one user, in memory; each statement waits until the test opens the gate. */
function fakeDatabase(balance: number) {
  const db = { balance, statements: 0, gates: [] as Array<() => void> };
  const sql = ((strings: TemplateStringsArray, ...v: number[]) => {
    if (!strings.join('?').includes('ferryman_lease(')) return Promise.resolve([]);
    db.statements++;
    const [, , needU, wantU] = v as [number, number, number, number];
    return new Promise((resolve) => {
      db.gates.push(() => {
        if (db.balance < needU) return resolve([{ status: 1, user_taken: 0, token_taken: 0, user_quota: db.balance, token_quota: 0 }]);
        const taken = Math.min(db.balance, Math.max(needU, wantU));
        db.balance -= taken;
        resolve([{ status: 0, user_taken: taken, token_taken: 0, user_quota: db.balance, token_quota: 0 }]);
      });
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

describe('QuotaLeases', () => {
  it('tops a running-low slice up in the background, so reservations keep going without waiting', async () => {
    const { db, sql, open } = fakeDatabase(1_000_000);
    const leases = new QuotaLeases(sql, quiet, 64);
    const first = leases.reserve(1, 0, false, 10);
    await open();
    expect(await first).toMatchObject({ ok: true });
    expect(leases.held('u', 1)).toBe(630);
    leases.finish('u', 1, 10, 10);

    // Spend the slice down below a quarter (160): one background statement is queued, none awaited.
    let settled = 0;
    for (let i = 0; i < 50; i++) {
      void leases.reserve(1, 0, false, 10).then((r) => {
        expect(r.ok).toBe(true);
        settled++;
      });
      await new Promise((r) => setTimeout(r, 0));
      leases.finish('u', 1, 10, 10);
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
    const leases = new QuotaLeases(sql, quiet, 64);
    const first = leases.reserve(1, 0, false, 10);
    await open();
    expect(await first).toMatchObject({ ok: true });
    expect(leases.held('u', 1)).toBe(190); // all there was
    for (let i = 0; i < 19; i++) expect(await leases.reserve(1, 0, false, 10)).toMatchObject({ ok: true });
    const short = leases.reserve(1, 0, false, 10);
    await open();
    expect(await short).toMatchObject({ ok: false, reason: 'user' });
  });

  it('lets a charge beyond its reservation spend what the slice holds, never more', async () => {
    const { sql, open } = fakeDatabase(1_000);
    const leases = new QuotaLeases(sql, quiet, 64);
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
