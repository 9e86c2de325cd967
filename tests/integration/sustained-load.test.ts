import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mixedLoad } from '../../bench/runner/measure.js';
import { ledger, addChannel, addToken, startRelayFixture, type Ledger, type RelayFixture } from '../support/relay-fixture.js';

const CONNECTIONS = 32;
const SECONDS = 30;

// The soak's books (bench/soak.ts) in every CI run, on both databases: tens of thousands of requests, half of them
// streamed, at the flush interval users run (1 s). Short tests write a few rows a tick; the log writer's batches
// only fill and queue under load like this. A writer that falls behind fills its bounded buffer and drops rows (as
// the postgres.js driver's Nagle delay did on PostgreSQL: 88 ms a COPY, 2 800 rows a second, a drift of 23 million
// in a 10-minute soak), which shows here as logs missing beside the charges.
describe('the books after sustained mixed load', () => {
  let f: RelayFixture;
  let key: string;
  let before: Ledger;

  beforeAll(async () => {
    f = await startRelayFixture({ BATCH_UPDATE_INTERVAL: '1' });
    await addChannel(f);
    ({ key } = await addToken(f.root, { unlimited_quota: true }));
    before = await ledger(f.gw, f.root.userId);
  });
  afterAll(async () => f?.stop());

  it(`charges and logs every request of ${SECONDS} s at ${CONNECTIONS} connections, and drops no log row`, async () => {
    const result = await mixedLoad({ name: 'ferryman', url: f.gw.url, key }, CONNECTIONS, SECONDS);
    expect(result.non2xx + result.errors).toBe(0);
    const answered = result['2xx'];
    // load, not a trickle: a few hundred requests a second at the very least, on any machine
    expect(answered).toBeGreaterThan(SECONDS * 300);
    // the requests in flight when the load stopped were served and logged too, but not counted as answered
    const settled = (v: Ledger) => v.logs >= answered && before.quota - v.quota === v.charged - before.charged;
    const after = await ledger(f.gw, f.root.userId, settled, 30_000);
    expect(after.logs - before.logs).toBeGreaterThanOrEqual(answered);
    expect(after.logs - before.logs).toBeLessThanOrEqual(answered + CONNECTIONS);
    expect(after.requests - before.requests).toBe(after.logs - before.logs);
    // the balance fell by exactly what the logs charged, and the used quota rose by it
    expect(before.quota - after.quota).toBe(after.charged - before.charged);
    expect(after.used - before.used).toBe(after.charged - before.charged);
    expect(after.charged).toBeGreaterThan(before.charged);
    // no row dropped, no write failed and retried, nothing else went wrong
    expect(f.gw.output().split('\n').filter((l) => l.includes('"level":"error"'))).toEqual([]);
  }, (SECONDS + 120) * 1000);
});
