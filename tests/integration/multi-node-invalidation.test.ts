import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type ConsoleClient } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { addChannel, addToken, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { seedUser } from '../support/seed-rows.js';
import { testDbKind } from '../support/test-database.js';

/** What node B must see of an edit made on node A, at most this long after A answered. */
const PROPAGATION_MS = 1000;

const chat = (gw: TestGateway, key: string, model: string) =>
  fetch(`${gw.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
  });

/** Polls node B until `ok`, and says how long after the edit it took (or that it never did within the bound). */
async function seenWithin<T>(probe: () => Promise<T>, ok: (v: T) => boolean): Promise<{ value: T; ms: number }> {
  const since = Date.now();
  const value = await eventually(probe, ok, PROPAGATION_MS);
  return { value, ms: Date.now() - since };
}

// Two gateways on one PostgreSQL database. SYNC_FREQUENCY is an hour, so whatever node B learns within a
// second it learned from PostgreSQL's notifications, not from its periodic reload.
describe.runIf(testDbKind() === 'postgres')('an edit on one node takes effect on another within a second', () => {
  let f: RelayFixture;
  let b: TestGateway;
  let user: ConsoleClient;
  let userId: number;
  let key: string;
  let tokenId: number;
  let channelId: number;

  beforeAll(async () => {
    f = await startRelayFixture({ SYNC_FREQUENCY: '3600' });
    b = await startGateway({ SYNC_FREQUENCY: '3600' }, { databaseUrl: f.gw.databaseUrl! });
    const seeded = await seedUser(f.gw, { username: 'two-nodes', quota: 10_000_000 });
    user = seeded;
    userId = seeded.userId;
    ({ key, id: tokenId } = await addToken(user, { unlimited_quota: true }));
    const ratio = await f.root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'mn-model': 1 }) });
    expect(ratio.body.success).toBe(true);
  });
  afterAll(async () => {
    await b?.stop();
    await f?.stop();
  });

  it('routes to a channel created on A', async () => {
    expect((await chat(b, key, 'mn-model')).status).toBe(503);
    channelId = await addChannel(f, { models: 'mn-model' });
    const seen = await seenWithin(() => chat(b, key, 'mn-model').then((r) => r.status), (s) => s === 200);
    expect(seen.value).toBe(200);
  });

  it('bills by a model ratio changed on A', async () => {
    const ratioOnB = async () => {
      const r = await fetch(`${b.url}/api/pricing`, { headers: { cookie: user.cookie, 'New-Api-User': String(userId) } });
      const body = (await r.json()) as { data: Array<{ model_name: string; model_ratio: number }> };
      return body.data.find((m) => m.model_name === 'mn-model')?.model_ratio;
    };
    expect(await ratioOnB()).toBe(1);
    const r = await f.root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'mn-model': 3 }) });
    expect(r.body.success).toBe(true);
    expect((await seenWithin(ratioOnB, (v) => v === 3)).value).toBe(3);
  });

  it('stops routing to a channel disabled on A', async () => {
    const r = await f.root.put('/api/channel/', { id: channelId, status: 2 });
    expect(r.body.success).toBe(true);
    const seen = await seenWithin(() => chat(b, key, 'mn-model').then((res) => res.status), (s) => s === 503);
    expect(seen.value).toBe(503);
    await f.root.put('/api/channel/', { id: channelId, status: 1 });
    expect((await seenWithin(() => chat(b, key, 'mn-model').then((res) => res.status), (s) => s === 200)).value).toBe(200);
  });

  it('refuses a token disabled on A', async () => {
    const r = await user.put('/api/token/?status_only=true', { id: tokenId, status: 2 });
    expect(r.body.success).toBe(true);
    const seen = await seenWithin(() => chat(b, key, 'mn-model').then((res) => res.status), (s) => s === 401);
    expect(seen.value).toBe(401);
    await user.put('/api/token/?status_only=true', { id: tokenId, status: 1 });
    expect((await seenWithin(() => chat(b, key, 'mn-model').then((res) => res.status), (s) => s === 200)).value).toBe(200);
  });

  it('refuses the tokens of a user disabled on A', async () => {
    const r = await f.root.post('/api/user/manage', { id: userId, action: 'disable' });
    expect(r.body.success).toBe(true);
    const seen = await seenWithin(() => chat(b, key, 'mn-model').then((res) => res.status), (s) => s === 403 || s === 401);
    expect([401, 403]).toContain(seen.value);
  });
});
