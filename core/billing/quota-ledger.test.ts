import { describe, expect, it } from 'vitest';
import type { Sql } from '../db/connect.js';
import type { Logger } from '../log/logger.js';
import { BatchedCounters } from './batched-counters.js';
import { QuotaLedger } from './quota-ledger.js';

const quiet: Logger = { info() {}, warn() {}, error() {}, debug() {} };

/**
 * Takes from the user's row what a charge beyond its reservation asks (there is plenty), answers the balance
 * (`balance`), and records the batched balance deltas.
 */
function database(balance = 1_000_000) {
  const db = { takenDirectly: 0, batchedBalance: 0 };
  const sql = ((strings: TemplateStringsArray, ...v: unknown[]) => {
    const text = strings.join('?');
    if (text.includes('WITH cur AS')) {
      db.takenDirectly += v[0] as number;
      return Promise.resolve([{ taken: v[0] }]);
    }
    if (text.includes('SELECT quota FROM users')) return Promise.resolve([{ quota: balance }]);
    // the counters statement: ferryman_counters(writer, seq, knownBelow, the users' deltas, …)
    if (text.includes('ferryman_counters(')) {
      for (const row of JSON.parse(v[3] as string) as { q: number }[]) db.batchedBalance += row.q;
    }
    return Promise.resolve([]);
  }) as unknown as Sql;
  return { db, sql };
}

describe('QuotaLedger with quota leases', () => {
  it('charges the user once for a request whose reservation was 0 (a realtime session, a free model with a surcharge)', async () => {
    const { db, sql } = database();
    const counters = new BatchedCounters(sql, quiet);
    const ledger = new QuotaLedger(sql, counters, { kind: 'lease', heartbeatTimeoutS: null }, quiet);
    const reserved = await ledger.reserve(7, 0, true, 0);
    if (!reserved.ok) throw new Error('refused');
    expect(await ledger.settle(reserved.reservation, 300, 1, true)).toEqual({ charged: 300, shortfall: 0 });
    await counters.flush();
    expect(db).toEqual({ takenDirectly: 300, batchedBalance: 0 });
  });
});

describe('QuotaLedger without quota leases (QUOTA_LEASES=false)', () => {
  it('charges a request whose reservation was 0 no more than the balance holds, once, through the batched write', async () => {
    const { db, sql } = database(120);
    const counters = new BatchedCounters(sql, quiet);
    const ledger = new QuotaLedger(sql, counters, { kind: 'statement' }, quiet);
    const reserved = await ledger.reserve(7, 0, true, 0);
    if (!reserved.ok) throw new Error('refused');
    expect(await ledger.settle(reserved.reservation, 300, 1, true)).toEqual({ charged: 120, shortfall: 180 });
    await counters.flush();
    expect(db).toEqual({ takenDirectly: 0, batchedBalance: 120 });
  });
});
