import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, setupRoot } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { books, gatewayExited } from '../support/ledger-books.js';
import { startMockUpstreamProcess, type MockUpstreamProcess } from '../support/mock-upstream-process.js';
import { addChannel, addToken, type RelayFixture } from '../support/relay-fixture.js';
import { testDbKind } from '../support/test-database.js';

// flat-model costs a fixed $0.001 per call = 500 quota.
const FLAT = 500;
const env = { QUOTA_LEASE_HEARTBEAT_TIMEOUT: '3' };
const BOOT_TIMEOUT = 240_000;

/**
 * A gateway (its embedded database in `dir`) with a channel of flat-model on a mock of its own, and an unlimited
 * token of root's: the books as they start.
 */
async function startBooked(prefix: string, held: Held) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  held.dirs.push(dir);
  const mock = await startMockUpstreamProcess();
  held.mocks.push(mock);
  const gateways = held.gateways;
  const embedded = testDbKind() === 'embedded';
  const first = await startGateway(env, embedded ? { dataDir: dir } : {});
  gateways.push(first);
  const root = await setupRoot(first);
  await addChannel({ gw: first, mock, root, stop: async () => {} } as RelayFixture, { models: 'flat-model' });
  expect((await root.put('/api/option/', { key: 'ModelPrice', value: JSON.stringify({ 'flat-model': 0.001 }) })).body.success).toBe(true);
  const { key } = await addToken(root, { unlimited_quota: true });
  const start = await eventually(() => books(first, root.userId), (b) => b.balance !== null);
  return { dir, mock, embedded, first, root, key, start };
}

/** What a test started, for afterAll: gateways stop before the mocks, and the data directories go last. */
interface Held {
  gateways: TestGateway[];
  mocks: MockUpstreamProcess[];
  dirs: string[];
}

/** Keeps `workers` requests in flight until stopped; counts the answers the client received whole. */
function load(gw: TestGateway, key: string, workers: number) {
  let running = true;
  let delivered = 0;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      try {
        const r = await fetch(`${gw.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'flat-model', messages: [{ role: 'user', content: 'hi' }] }),
        });
        if (r.status === 200 && (await r.json()).choices) delivered++;
      } catch {
        return; // the gateway is gone
      }
    }
  });
  return {
    delivered: () => delivered,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

// kill -9 in the middle of traffic: whatever the crash interrupted, no quota is lost for good, nobody is charged
// for what the upstream did not serve, and no charge is left without the consume log that explains it.
describe('the books across a crash and a stop', () => {
  const held: Held = { gateways: [], mocks: [], dirs: [] };
  afterAll(async () => {
    for (const gw of held.gateways.reverse()) await gw.stop().catch(() => {});
    for (const mock of held.mocks) await mock.stop();
    for (const dir of held.dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the books: the balance comes back whole except what was served, and every charge has its log', async () => {
    const { dir, mock, embedded, first, root, key, start } = await startBooked('ferryman-crash-', held);
    const gateways = held.gateways;

    // On PostgreSQL a second node stays up: it is the one that returns the dead node's quota.
    const survivor = embedded ? null : await startGateway(env, { databaseUrl: first.databaseUrl! });
    if (survivor) gateways.push(survivor);

    await mock.reset();
    const traffic = load(first, key, 8);
    await eventually(async () => traffic.delivered(), (n) => n >= 1, 30_000);
    // long enough for a few batched writes (one a second) to land before the kill
    await new Promise((r) => setTimeout(r, 3000));
    process.kill(first.pid, 'SIGKILL');
    await traffic.stop();
    const delivered = traffic.delivered();
    const served = (await mock.requests()).filter((r) => r.path === '/v1/chat/completions').length;

    // Embedded: the next start returns what the dead run held. PostgreSQL: the survivor does, within the heartbeat timeout.
    const after = embedded ? await startGateway(env, { dataDir: dir }) : survivor!;
    if (embedded) gateways.push(after);
    const end = await eventually(() => books(after, root.userId), (b) => b.balance !== null, 15_000);
    expect(end.balance).not.toBeNull();
    const charged = start.balance! - end.balance!;
    // never charged for more than the upstream served
    expect(charged).toBeLessThanOrEqual(served * FLAT);
    expect(charged).toBeGreaterThanOrEqual(0);
    // no charge without its log: what was taken is all explained (a logged request may have gone uncharged)
    expect(end.logged - start.logged).toBeGreaterThanOrEqual(charged);
    // the charges written before the crash stand: only the last write interval and the requests in flight can go uncharged
    expect(charged).toBeGreaterThan(0);
    expect(delivered).toBeLessThanOrEqual(served);

    // and the service goes on with the same books
    const r = await fetch(`${after.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'flat-model', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(r.status).toBe(200);
  }, BOOT_TIMEOUT);

  // SIGTERM while clients keep connections open: the listen socket closes at once, but a kept-alive connection
  // can still bring a request. One that started after the last batch was written would be served and never
  // charged (or leave a lease behind), so a stopping gateway refuses new requests with a 503 while it drains.
  it('refuses what arrives during the drain, serves what was in flight, and books every request it served', async () => {
    const { dir, mock, embedded, first, root, key, start } = await startBooked('ferryman-stop-', held);
    const gateways = held.gateways;

    const keepAlive = new Agent({ connections: 1, keepAliveTimeout: 60_000 });
    const chat = async (dispatcher: Agent, mockSettings: Record<string, unknown> = {}) => {
      const r = await request(`${first.url}/v1/chat/completions`, {
        method: 'POST',
        dispatcher,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'flat-model', messages: [{ role: 'user', content: 'hi' }], mock: mockSettings }),
      });
      return { status: r.statusCode, body: (await r.body.json()) as { error?: { code?: string } } };
    };
    const other = new Agent();
    try {
      expect((await chat(keepAlive)).status).toBe(200);
      await mock.reset();
      const held = chat(other, { delay_ms: 1500 });
      await eventually(async () => (await mock.requests()).length, (n) => n === 1);
      process.kill(first.pid, 'SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      // the kept-alive connection is still open, and what it brings now is refused, not served unbooked
      const late = await chat(keepAlive);
      expect(late.status).toBe(503);
      expect(late.body.error?.code).toBe('gateway_shutting_down');
      expect((await held).status).toBe(200);
      expect((await mock.requests()).length).toBe(1);
    } finally {
      await keepAlive.close().catch(() => {});
      await other.close().catch(() => {});
    }
    // gone by itself once drained (its stop() would also drop a PostgreSQL database the next node needs)
    await eventually(async () => gatewayExited(first), (gone) => gone, 15_000);

    const after = await startGateway(env, embedded ? { dataDir: dir } : { databaseUrl: first.databaseUrl! });
    gateways.push(after);
    const end = await eventually(() => books(after, root.userId), (b) => b.balance !== null, 15_000);
    // both served requests are charged and logged; the refused one cost nothing
    expect(start.balance! - end.balance!).toBe(2 * FLAT);
    expect(end.logged - start.logged).toBe(2 * FLAT);
  }, BOOT_TIMEOUT);
});
