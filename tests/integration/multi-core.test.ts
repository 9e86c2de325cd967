import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERTEX_TOKEN_PATH } from '../../bench/mock-vertex.js';
import { eventually, setupRoot, type ConsoleClient } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { startMockUpstreamProcess, type MockUpstreamProcess } from '../support/mock-upstream-process.js';
import { addChannel, addToken, ledger, startRelayFixture, tokenQuota, type ChannelSpec, type RelayFixture } from '../support/relay-fixture.js';
import { scrapeMetrics, valueOf } from '../support/scrape-metrics.js';
import { seedUser } from '../support/seed-rows.js';
import { testDbKind } from '../support/test-database.js';

const SERVED = 'ferryman_relay_requests_total{family="chat",format="openai",status_class="2xx"}';
const THREADS = { FERRYMAN_THREADS: '2', SYNC_FREQUENCY: '3600', METRICS_TOKEN: 'multi-core-metrics' };
/** Concurrent connections per burst: the kernel spreads connections over the two threads by their ports. */
const CONNECTIONS = 24;

const chat = (url: string, key: string) =>
  fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
  }).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });

/** `total` requests, `CONNECTIONS` at a time; the statuses in order of completion. */
async function burst(url: string, key: string, total: number): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < total) {
        next++;
        statuses.push(await chat(url, key));
      }
    }),
  );
  return statuses;
}

// The gateway with two relay threads on one port, on the database the suite runs against (both in CI). Every
// thread is a node of its own: its caches, its quota leases under its own node id.
describe('two relay threads serve one port', () => {
  let f: RelayFixture;
  let user: ConsoleClient;
  let userId: number;
  let key: string;
  let tokenId: number;
  const QUOTA = 50_000_000;

  beforeAll(async () => {
    // FERRYMAN_TEST_FAULTS: SIGUSR2 makes relay thread 1 throw outside any handler (the last test)
    f = await startRelayFixture({ ...THREADS, FERRYMAN_TEST_FAULTS: 'true' });
    await addChannel(f);
    const seeded = await seedUser(f.gw, { username: 'multi-core', quota: QUOTA });
    user = seeded;
    userId = seeded.userId;
    ({ key, id: tokenId } = await addToken(user, { remain_quota: QUOTA, unlimited_quota: false }));
  });
  afterAll(async () => {
    await f?.stop();
  });

  it('registers one lease-holding node per thread and serves requests from both', async () => {
    const nodes = await f.gw.sql<{ node: string }[]>`SELECT node FROM ferryman_nodes ORDER BY node`;
    expect(nodes).toHaveLength(2);
    const statuses = await burst(f.gw.url, key, 4 * CONNECTIONS);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // each thread that served the user leased its own slice of the balance (handed back after 1.5 s idle)
    const holders = await f.gw.sql<{ node: string }[]>`SELECT DISTINCT node FROM quota_leases WHERE kind = 'u' AND owner_id = ${userId}`;
    expect(holders.map((h) => h.node).sort()).toEqual(nodes.map((n) => n.node));
  });

  it('sums /metrics over the threads', async () => {
    const before = await scrapeMetrics(f.gw.url, THREADS.METRICS_TOKEN);
    const statuses = await burst(f.gw.url, key, 2 * CONNECTIONS);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const after = await scrapeMetrics(f.gw.url, THREADS.METRICS_TOKEN);
    expect(valueOf(after, SERVED) - valueOf(before, SERVED)).toBe(2 * CONNECTIONS);
    // process-wide figures are read once, not added up per thread: every thread reports the same start time
    const started = valueOf(after, 'process_start_time_seconds');
    expect(Math.abs(started - Date.now() / 1000)).toBeLessThan(3600);
  });

  it('refuses a token disabled through /api on every thread within a second', async () => {
    const r = await user.put('/api/token/?status_only=true', { id: tokenId, status: 2 });
    expect(r.body.success).toBe(true);
    const since = Date.now();
    // every connection of a burst sees the refusal: both threads dropped the cached token
    const refused = await eventually(() => burst(f.gw.url, key, CONNECTIONS), (s) => s.every((x) => x === 401), 1000);
    expect(refused.every((x) => x === 401)).toBe(true);
    expect(Date.now() - since).toBeLessThan(1000);
    await user.put('/api/token/?status_only=true', { id: tokenId, status: 1 });
    const served = await eventually(() => burst(f.gw.url, key, CONNECTIONS), (s) => s.every((x) => x === 200), 1000);
    expect(served.every((x) => x === 200)).toBe(true);
  });

  it('bills exactly under concurrent load across threads', async () => {
    const payer = await seedUser(f.gw, { username: 'multi-core-billing', quota: QUOTA });
    const token = await addToken(payer, { remain_quota: QUOTA, unlimited_quota: false });
    const statuses = await burst(f.gw.url, token.key, 8 * CONNECTIONS);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // once every slice is handed back: what left the balance is what the consume logs charged
    const l = await ledger(f.gw, payer.userId, (v) => QUOTA - v.quota === v.charged && v.logs === 8 * CONNECTIONS);
    expect(l.charged).toBeGreaterThan(0);
    expect(QUOTA - l.quota).toBe(l.charged);
    expect(l.used).toBe(l.charged);
    expect(l.requests).toBe(8 * CONNECTIONS);
    expect(l.logs).toBe(8 * CONNECTIONS);
    const t = await tokenQuota(f.gw, token.id, (v) => QUOTA - v.remain_quota === l.charged);
    expect(QUOTA - t.remain_quota).toBe(l.charged);
    expect(t.used_quota).toBe(l.charged);
  });

  it('fetches a provider token once for the process, whichever threads need it', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const email = 'multi-core@proj-1.iam.gserviceaccount.com';
    const registered = await fetch(`${f.mock.url}/__mock/vertex/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_email: email, public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString() }),
    });
    expect(registered.status).toBe(200);
    const account = {
      type: 'service_account',
      project_id: 'proj-1',
      private_key_id: 'k1',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: email,
      token_uri: f.mock.url + VERTEX_TOKEN_PATH,
    };
    const vertex: ChannelSpec & { other: string } = { type: 41, key: JSON.stringify(account), models: 'claude-3-5-sonnet-20240620', other: 'europe-west1' };
    await addChannel(f, vertex);
    const payer = await seedUser(f.gw, { username: 'multi-core-vertex', quota: QUOTA });
    const token = await addToken(payer, { remain_quota: QUOTA, unlimited_quota: false });
    await f.mock.reset();
    // one request per connection, all at once: both threads get some, and none has the token yet
    const statuses = await Promise.all(
      Array.from({ length: CONNECTIONS }, () =>
        fetch(`${f.gw.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({ model: 'claude-3-5-sonnet-20240620', messages: [{ role: 'user', content: 'hi' }] }),
        }).then(async (r) => (await r.arrayBuffer(), r.status)),
      ),
    );
    expect(statuses.every((x) => x === 200)).toBe(true);
    // both threads served (each leased a slice of the payer's balance), on one token fetch
    const holders = await f.gw.sql<{ node: string }[]>`SELECT DISTINCT node FROM quota_leases WHERE kind = 'u' AND owner_id = ${payer.userId}`;
    expect(holders).toHaveLength(2);
    const fetched = (await f.mock.requests()).filter((r) => r.path === VERTEX_TOKEN_PATH);
    expect(fetched).toHaveLength(1);
  });

  it('serves a balance covering 20 requests to the last one, whichever thread holds it', async () => {
    await addChannel(f, { models: 'flat-model' });
    expect((await f.root.put('/api/option/', { key: 'ModelPrice', value: JSON.stringify({ 'flat-model': 0.001 }) })).body.success).toBe(true);
    // one request per connection, all at once: both threads get some
    const spread = (key: string) =>
      Promise.all(
        Array.from({ length: 30 }, () =>
          fetch(`${f.gw.url}/v1/chat/completions`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', connection: 'close' },
            body: JSON.stringify({ model: 'flat-model', messages: [{ role: 'user', content: 'hi' }] }),
          }).then(async (r) => (await r.arrayBuffer(), r.status)),
        ),
      );
    // both threads have loaded the new channel and price (a user with plenty of quota is served on every connection)
    const rich = await seedUser(f.gw, { username: 'multi-core-rich', quota: QUOTA });
    const richToken = await addToken(rich, { unlimited_quota: true });
    expect(await eventually(() => spread(richToken.key), (s) => s.every((x) => x === 200), 10_000)).toEqual(Array(30).fill(200));

    const payer = await seedUser(f.gw, { username: 'multi-core-last', quota: 500 * 20 });
    const token = await addToken(payer, { unlimited_quota: true });
    // the first thread to lease takes the whole balance (less than a slice), and the other thread's requests are
    // served by recalling it, not refused
    const statuses = await spread(token.key);
    expect(statuses.filter((x) => x === 200)).toHaveLength(20);
    expect(statuses.filter((x) => x !== 200).every((x) => x === 403)).toBe(true);
    const l = await ledger(f.gw, payer.userId, (v) => v.logs === 20 && v.quota === 0);
    expect(l).toMatchObject({ quota: 0, charged: 500 * 20, logs: 20 });
  });

  // Last: it replaces a thread. Without the crashed thread closing its uWS app first, Node aborts the process.
  it('survives a relay thread that crashes under load and starts it again, losing and doubling no charge', async () => {
    const payer = await seedUser(f.gw, { username: 'multi-core-crash', quota: QUOTA });
    const token = await addToken(payer, { remain_quota: QUOTA, unlimited_quota: false });
    const nodesNow = async () => (await f.gw.sql<{ node: string }[]>`SELECT node FROM ferryman_nodes ORDER BY node`).map((r) => r.node);
    const before = await nodesNow();
    expect(before).toHaveLength(2);
    await f.mock.reset();

    // light load on fresh connections and kept-alive ones: a request the dying thread was serving fails with a reset
    let loading = true;
    const served: number[] = [];
    let resets = 0;
    const load = Promise.all(
      Array.from({ length: 6 }, async () => {
        while (loading) {
          try {
            served.push(await chat(f.gw.url, token.key));
          } catch {
            resets++;
          }
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 1000));
    process.kill(f.gw.pid, 'SIGUSR2');
    // thread 1's node leaves and a new one registers: the thread was started again
    const after = await eventually(nodesNow, (n) => n.length === 2 && n.filter((x) => !before.includes(x)).length === 1, 30_000);
    const crashed = before.find((n) => !after.includes(n));
    expect(after.filter((n) => !before.includes(n))).toHaveLength(1);
    // nothing stays leased under the dead node: its slices were written back before the restart
    const [kept] = await f.gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM quota_leases WHERE node = ${crashed!}`;
    expect(kept!.n).toBe(0);
    await new Promise((r) => setTimeout(r, 1000));
    loading = false;
    await load;

    expect(() => process.kill(f.gw.pid, 0)).not.toThrow();
    const out = f.gw.output();
    expect(out).toContain('FERRYMAN_TEST_FAULTS: relay thread crash');
    expect(out).toContain('relay thread died');
    expect(out).not.toMatch(/Assertion failed|uv_loop_close/);
    // every answer was a success; a few resets: the request each connection had on the dying thread, and now and
    // then a new connection the kernel handed to its listen socket in the moment before it closed (seen: 7 for 6)
    expect(served.length).toBeGreaterThan(20);
    expect(served.filter((s) => s !== 200)).toEqual([]);
    expect(resets).toBeLessThanOrEqual(3 * 6);
    console.info(`relay thread crash: ${served.length} served, ${resets} reset by the dying thread`);

    // balance + Σ charges = credits, each charge with its log, one charge per answered request; a request reset
    // on the dying thread is not charged though the upstream may have answered it (the client never got the answer)
    const upstream = (await f.mock.requests()).filter((r) => r.path === '/v1/chat/completions' && r.completed);
    const l = await ledger(f.gw, payer.userId, (v) => QUOTA - v.quota === v.charged && v.logs >= served.length);
    expect(QUOTA - l.quota).toBe(l.charged);
    expect(l.used).toBe(l.charged);
    expect(l.requests).toBe(l.logs);
    expect(l.logs).toBeGreaterThanOrEqual(served.length);
    expect(l.logs).toBeLessThanOrEqual(served.length + resets);
    expect(upstream.length).toBeGreaterThanOrEqual(l.logs);
    expect(upstream.length).toBeLessThanOrEqual(l.logs + resets);
    const t = await tokenQuota(f.gw, token.id, (v) => QUOTA - v.remain_quota === l.charged);
    expect(QUOTA - t.remain_quota).toBe(l.charged);
    expect(t.used_quota).toBe(l.charged);

    // both threads serve again: each holds a slice of a fresh user's balance right after a burst
    const next = await seedUser(f.gw, { username: 'multi-core-after-crash', quota: QUOTA });
    const nextToken = await addToken(next, { remain_quota: QUOTA, unlimited_quota: false });
    const holders = await eventually(
      async () => {
        expect((await burst(f.gw.url, nextToken.key, 2 * CONNECTIONS)).every((s) => s === 200)).toBe(true);
        return (await f.gw.sql<{ node: string }[]>`SELECT DISTINCT node FROM quota_leases WHERE kind = 'u' AND owner_id = ${next.userId}`).map((h) => h.node).sort();
      },
      (h) => h.length === 2,
      10_000,
    );
    expect(holders).toEqual(after);
  });
});

// new-api's memory limiter counts per process: with two threads the main thread keeps the one count.
describe('the per-IP /api limit with two relay threads', () => {
  let gw: TestGateway;
  const LIMIT = 10;

  beforeAll(async () => {
    gw = await startGateway({ ...THREADS, GLOBAL_API_RATE_LIMIT_ENABLE: 'true', GLOBAL_API_RATE_LIMIT: String(LIMIT), GLOBAL_API_RATE_LIMIT_DURATION: '600' });
  });
  afterAll(async () => {
    await gw?.stop();
  });

  it('lets exactly the limit through, whichever thread a connection lands on', async () => {
    // one request per connection, all at once: both threads get some of them
    const statuses = await Promise.all(
      Array.from({ length: 3 * LIMIT }, () => fetch(`${gw.url}/api/status`, { headers: { connection: 'close' } }).then(async (r) => (await r.arrayBuffer(), r.status))),
    );
    expect(statuses.filter((x) => x === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((x) => x === 429)).toHaveLength(2 * LIMIT);
  });
});

// SIGTERM: every thread flushes (logs → counters → leases) before the process exits. A batch interval of a
// minute means nothing reaches the database before the signal but what the shutdown writes.
describe('SIGTERM with two relay threads', () => {
  const embedded = testDbKind() === 'embedded';
  const dir = mkdtempSync(join(tmpdir(), 'ferryman-multi-core-'));
  const env = { ...THREADS, BATCH_UPDATE_INTERVAL: '60' };
  let gw: TestGateway;
  let mock: MockUpstreamProcess;
  let after: TestGateway | null = null;
  let pg: postgres.Sql | null = null;

  beforeAll(async () => {
    [gw, mock] = await Promise.all([startGateway(env, embedded ? { dataDir: dir } : {}), startMockUpstreamProcess()]);
  });
  afterAll(async () => {
    await pg?.end();
    await after?.stop();
    await gw?.stop();
    await mock?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses no charge, log or lease', async () => {
    const root = await setupRoot(gw);
    await addChannel({ gw, mock, root, stop: async () => {} });
    const QUOTA = 20_000_000;
    const seeded = await seedUser(gw, { username: 'sigterm', quota: QUOTA });
    const { key } = await addToken(seeded, { remain_quota: QUOTA, unlimited_quota: false });
    const statuses = await burst(gw.url, key, 6 * CONNECTIONS);
    expect(statuses.every((s) => s === 200)).toBe(true);

    const exited = new Promise<number | null>((resolve) => {
      const poll = setInterval(() => {
        try {
          process.kill(gw.pid, 0);
        } catch {
          clearInterval(poll);
          resolve(null);
        }
      }, 50);
    });
    process.kill(gw.pid, 'SIGTERM');
    await exited;
    expect(gw.output()).not.toMatch(/"level":"error"|Error:/);

    // the embedded database went with the process: open it again (its start would return leftover leases, and says so)
    if (embedded) after = await startGateway({ FERRYMAN_THREADS: '1' }, { dataDir: dir });
    else pg = postgres(gw.databaseUrl!, { max: 1, onnotice: () => {}, types: { int8: { to: 20, from: [20], serialize: String, parse: Number } } as never });
    const sql = (after?.sql ?? pg)!;
    const [leases] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM quota_leases`;
    const [nodes] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ferryman_nodes`;
    if (embedded) expect(after!.output()).not.toContain('returned quota leased by the previous run');
    else expect([leases!.n, nodes!.n]).toEqual([0, 0]);
    const [u] = await sql<{ quota: number; used_quota: number; request_count: number }[]>`SELECT quota, used_quota, request_count FROM users WHERE id = ${seeded.userId}`;
    const [l] = await sql<{ charged: number; n: number }[]>`SELECT COALESCE(SUM(quota),0)::bigint AS charged, count(*)::int AS n FROM logs WHERE user_id = ${seeded.userId} AND type = 2`;
    expect(l!.n).toBe(6 * CONNECTIONS);
    expect(u!.request_count).toBe(6 * CONNECTIONS);
    expect(QUOTA - u!.quota).toBe(Number(l!.charged));
    expect(u!.used_quota).toBe(Number(l!.charged));
  });
});
