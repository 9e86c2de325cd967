import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../support/console-client.js';
import { addChannel, addToken, startRelayFixture, userBooks, type RelayFixture } from '../support/relay-fixture.js';
import { testDbKind } from '../support/test-database.js';

// The spec's P2, a database whose connections are all held (a lock taken by hand, a slow statement): every
// console request is answered 503 {success:false} within SQL_QUERY_TIMEOUT, none hangs; the relay goes on serving
// callers whose token, user and quota slice are in memory, and one that needs the database gets a 503 in its own
// envelope; nothing stays waiting on the lock past its deadline; once the lock goes, the pool is idle again and
// the books close. Before SQL_QUERY_TIMEOUT each console request waited for as long as the lock was held.
// PostgreSQL only: the embedded database runs inside the gateway, with no session of anyone else's to take a lock.

const TIMEOUT_S = 2;
const FLAT = 500; // flat-model at $0.001 a call

function chat(f: RelayFixture, key: string) {
  return fetch(`${f.gw.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'flat-model', messages: [{ role: 'user', content: 'hi' }] }),
    signal: AbortSignal.timeout(30_000),
  });
}

/** The status, body and time of a console GET as root, or 'pending' past `limitMs`. */
async function timedGet(f: RelayFixture, path: string, limitMs = 15_000) {
  const started = performance.now();
  const r = await Promise.race([f.root.get(path), new Promise<null>((res) => setTimeout(() => res(null), limitMs))]);
  return { status: r ? r.status : 'pending', body: r?.body, ms: performance.now() - started };
}

describe.skipIf(testDbKind() !== 'postgres')('a database whose connections are all held (SQL_QUERY_TIMEOUT)', () => {
  let f: RelayFixture | undefined;
  let holder: postgres.Sql | undefined;
  afterEach(async () => {
    await holder?.end({ timeout: 0 });
    await f?.stop();
    f = holder = undefined;
  });

  it('answers the console 503 in time, serves the relay from memory, leaks no connection and loses no charge', async () => {
    f = await startRelayFixture({ SQL_QUERY_TIMEOUT: String(TIMEOUT_S), SQL_MAX_OPEN_CONNS: '4', QUOTA_LEASE_IDLE_TIMEOUT: '1' });
    const fx = f;
    await addChannel(fx, { models: 'flat-model' });
    expect((await fx.root.put('/api/option/', { key: 'ModelPrice', value: JSON.stringify({ 'flat-model': 0.001 }) })).body.success).toBe(true);
    const cached = await addToken(fx.root, { unlimited_quota: true });
    const cold = await addToken(fx.root, { unlimited_quota: true });
    const [{ quota: start }] = [...(await fx.gw.sql<{ quota: number }[]>`SELECT quota FROM users WHERE id = ${fx.root.userId}`)] as [{ quota: number }];
    // the token, its user and a quota slice now in the gateway's memory
    expect((await chat(fx, cached.key)).status).toBe(200);

    holder = postgres(fx.gw.databaseUrl!, { max: 1 });
    const lock = await holder.reserve();
    await lock`BEGIN`;
    await lock`LOCK TABLE users, tokens, logs, quota_leases, sessions IN ACCESS EXCLUSIVE MODE`;

    const consoleCalls = Promise.all(
      Array.from({ length: 24 }, (_, i) => timedGet(fx, ['/api/user/self', '/api/token/?p=0', '/api/log/self?p=0'][i % 3]!)),
    );
    const coldStarted = performance.now();
    const coldAnswer = chat(fx, cold.key).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: { code?: string; message?: string } }, ms: performance.now() - coldStarted }));
    let servedInLock = 0;
    for (let i = 0; i < 10; i++) {
      const r = await chat(fx, cached.key);
      expect(r.status).toBe(200);
      servedInLock++;
    }

    const answers = await consoleCalls;
    for (const a of answers) {
      expect(a.status).toBe(503);
      expect(a.body).toEqual({ success: false, message: '数据库繁忙，请稍后重试' });
      // its deadline, or two when its first statement came just in time (a session, then the user)
      expect(a.ms).toBeLessThan(2 * TIMEOUT_S * 1000 + 1500);
    }
    const c = await coldAnswer;
    expect(c.status).toBe(503);
    expect(c.body.error?.code).toBe('database_timeout');
    expect(c.ms).toBeLessThan(2 * TIMEOUT_S * 1000 + 1500);

    // still locked: whatever the gateway has waiting on it was sent within its deadline (the log writer and the
    // counters try again each flush), none held since the lock was taken
    const watcher = postgres(fx.gw.databaseUrl!, { max: 1 });
    try {
      for (let i = 0; i < 4; i++) {
        const [w] = await watcher<{ oldest: number | null }[]>`
          SELECT max(extract(epoch FROM now() - query_start))::float8 AS oldest FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`;
        expect(w!.oldest ?? 0).toBeLessThan(TIMEOUT_S + 1);
        await new Promise((r) => setTimeout(r, 700));
      }
    } finally {
      await watcher.end({ timeout: 0 });
    }

    await lock`ROLLBACK`;
    lock.release();
    await holder.end({ timeout: 0 });
    holder = undefined;

    // service back without a restart
    expect((await timedGet(fx, '/api/user/self')).status).toBe(200);
    // the pool back to idle: no statement of the gateway's left running or stuck in a transaction
    const busy = () =>
      fx.gw.sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state IN ('active', 'idle in transaction')`.then(([r]) => r!.n);
    expect(await eventually(busy, (n) => n === 0, 10_000)).toBe(0);

    // the books: every request the upstream served charged once and logged, the cold one not at all
    const served = (await fx.mock.requests()).filter((r) => r.path === '/v1/chat/completions').length;
    expect(served).toBe(servedInLock + 1);
    const books = async () => {
      const { quota, ...rest } = await userBooks(fx.gw.sql, fx.root.userId);
      return { spent: start - quota, ...rest };
    };
    expect(await eventually(books, (b) => b.leased === 0 && b.logs === served, 20_000)).toEqual({
      spent: served * FLAT,
      logged: served * FLAT,
      logs: served,
      leased: 0,
    });
  }, 120_000);
});
