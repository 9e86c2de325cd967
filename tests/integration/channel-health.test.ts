import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/console-client.js';
import { addToken, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

// Channel health under relay traffic (issue 10 item 6, spec reliability-security F4): the breaker per channel
// and per key, traffic moving to the next channel within one client request, and what is (and is not)
// auto-disabled. Every channel answers from the scripted mock; its key scripts its failures.

describe('channel health under traffic', () => {
  let f: RelayFixture;
  let key: string;

  const chat = (model: string, extra: Record<string, unknown> = {}) =>
    fetch(`${f.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], ...extra }),
    });

  async function channel(fields: Record<string, unknown>, mode = 'single', multiKeyMode = 'polling'): Promise<number> {
    const name = `ch-${Math.random().toString(36).slice(2, 8)}`;
    const r = await f.root.post('/api/channel/', { mode, multi_key_mode: multiKeyMode, channel: { type: 1, key: 'mock-ok', group: 'default', base_url: f.mock.url, name, ...fields } });
    if (!r.body.success) throw new Error(`channel create failed: ${r.body.message}`);
    return (await f.gw.sql<{ id: number }[]>`SELECT id FROM channels WHERE name = ${name}`)[0]!.id;
  }
  const status = async (id: number) => (await f.gw.sql<{ status: number }[]>`SELECT status FROM channels WHERE id = ${id}`)[0]!.status;
  const keysUsed = async () => (await f.mock.requests()).map((r) => r.headers.authorization);

  beforeAll(async () => {
    f = await startRelayFixture();
    const models = ['m-streak', 'm-blip', 'm-keys', 'm-dead'];
    await f.root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify(Object.fromEntries(models.map((m) => [m, 1]))) });
    await f.root.put('/api/option/', { key: 'RetryTimes', value: '2' });
    await f.root.put('/api/option/', { key: 'AutomaticDisableChannelEnabled', value: 'true' });
    key = (await addToken(f.root, { remain_quota: 100_000_000 })).key;
  });
  afterAll(async () => {
    await f?.stop();
  });

  it('moves a request to the next channel when one fails, and after three 500s stops sending there at once, without disabling it', async () => {
    const failing = await channel({ key: 'mock-status-500', models: 'm-streak', priority: 10 });
    await channel({ key: 'mock-ok', models: 'm-streak', priority: 0 });
    for (let i = 0; i < 3; i++) {
      await f.mock.reset();
      const r = await chat('m-streak');
      expect(r.status).toBe(200);
      expect(await keysUsed()).toEqual(['Bearer mock-status-500', 'Bearer mock-ok']);
    }
    // The circuit is open on this node: the higher-priority channel is skipped, not tried and failed.
    await f.mock.reset();
    expect((await chat('m-streak')).status).toBe(200);
    expect(await keysUsed()).toEqual(['Bearer mock-ok']);
    // 500s say nothing about the key: the channel stays enabled for the half-open probe to bring back.
    expect(await status(failing)).toBe(1);
  });

  it('never disables a channel for one transient error', async () => {
    const id = await channel({ key: 'mock-ok', models: 'm-blip' });
    const r = await chat('m-blip', { mock: { status: 502 } });
    expect(r.status).toBe(502);
    await f.mock.reset();
    expect((await chat('m-blip')).status).toBe(200);
    expect(await keysUsed()).toEqual(['Bearer mock-ok']);
    expect(await status(id)).toBe(1);
  });

  // The two tests below need the relay to report the key it used and what the upstream said:
  // channel.pickKey() → start(index) → fail(channelFailureOf(err), index).
  it('disables only the key that answers 401 on a multi-key channel and keeps serving with the others', async () => {
    const id = await channel({ key: 'mock-ok-a\nmock-status-401\nmock-ok-c', models: 'm-keys' }, 'multi_to_single', 'polling');
    for (let i = 0; i < 3; i++) await chat('m-keys');
    // the key's new status is written by the actor's effects, just after the answer
    const read = async () => {
      const [row] = await f.gw.sql<{ status: number; channel_info: unknown }[]>`SELECT status, channel_info FROM channels WHERE id = ${id}`;
      const info = (typeof row!.channel_info === 'string' ? JSON.parse(row!.channel_info) : row!.channel_info) as { multi_key_status_list?: Record<string, number> };
      return { status: row!.status, keys: info.multi_key_status_list ?? {} };
    };
    expect(await eventually(read, (r) => Object.keys(r.keys).length > 0)).toEqual({ status: 1, keys: { 1: 3 } });
    await f.mock.reset();
    for (let i = 0; i < 4; i++) expect((await chat('m-keys')).status).toBe(200);
    expect(new Set(await keysUsed())).toEqual(new Set(['Bearer mock-ok-a', 'Bearer mock-ok-c']));
  });

  it('auto-disables a channel whose key is refused, at the first 401, and sends nothing more there', async () => {
    const dead = await channel({ key: 'mock-status-401', models: 'm-dead', priority: 10 });
    await channel({ key: 'mock-ok', models: 'm-dead', priority: 0 });
    await f.mock.reset();
    expect((await chat('m-dead')).status).toBe(200);
    expect(await keysUsed()).toEqual(['Bearer mock-status-401', 'Bearer mock-ok']);
    // the disable is written by the actor's effects, just after the answer
    expect(await eventually(() => status(dead), (s) => s === 3)).toBe(3);
    await f.mock.reset();
    expect((await chat('m-dead')).status).toBe(200);
    expect(await keysUsed()).toEqual(['Bearer mock-ok']);
  });
});
