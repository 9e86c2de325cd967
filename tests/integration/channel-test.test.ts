import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/console-client.js';
import { startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

// GET /api/channel/test/:id and /api/channel/test (spec relay.md §7.3, issue 10 item 4) against the scripted
// mock upstream: what each channel type is sent, what is recorded, and what a test-all run does to channels.

interface ChannelRowView {
  status: number;
  response_time: number;
  test_time: number;
  other_info: string;
  channel_info: { multi_key_status_list?: Record<string, number> | null; multi_key_disabled_reason?: Record<string, string> } | null;
}

interface Hook {
  title: string;
  content: string;
  type: string;
}

/** A webhook receiver for root's notices. */
function startReceiver(): Promise<{ url: string; hooks: Hook[]; server: Server }> {
  const hooks: Hook[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      hooks.push(JSON.parse(body) as Hook);
      res.end('ok');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`, hooks, server })));
}

describe('channel tests', () => {
  let f: RelayFixture;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  /** Creates a channel (new-api's console body) and returns its id. */
  async function channel(fields: Record<string, unknown>, mode = 'single', multiKeyMode = 'random'): Promise<number> {
    const name = `ct-${Math.random().toString(36).slice(2, 8)}`;
    const r = await f.root.post('/api/channel/', { mode, multi_key_mode: multiKeyMode, channel: { type: 1, key: 'mock-ok', models: 'gpt-4o-mini', group: 'default', base_url: f.mock.url, name, ...fields } });
    if (!r.body.success) throw new Error(`channel create failed: ${r.body.message}`);
    const [row] = await f.gw.sql<{ id: number }[]>`SELECT id FROM channels WHERE name = ${name}`;
    return row!.id;
  }
  /** The stored row; channel_info may come back as JSON text, depending on the database. */
  async function row(id: number): Promise<ChannelRowView> {
    const [r] = await f.gw.sql<(ChannelRowView & { channel_info: unknown })[]>`SELECT status, response_time, test_time, other_info, channel_info FROM channels WHERE id = ${id}`;
    return { ...r!, channel_info: typeof r!.channel_info === 'string' ? JSON.parse(r!.channel_info) : (r!.channel_info as ChannelRowView['channel_info']) };
  }
  const test = (id: number, model = '') => f.root.get(`/api/channel/test/${id}${model ? `?model=${encodeURIComponent(model)}` : ''}`);
  const option = (key: string, value: string) => f.root.put('/api/option/', { key, value });

  beforeAll(async () => {
    [f, receiver] = await Promise.all([startRelayFixture({ USER_URL_ALLOW_PRIVATE: 'true', NOTIFY_LIMIT_COUNT: '1000' }), startReceiver()]);
    const s = await f.root.put('/api/user/setting', { notify_type: 'webhook', quota_warning_threshold: 1, webhook_url: receiver.url });
    expect(s.body.success).toBe(true);
    // Speed is not what these tests are about: a loaded machine must not make a healthy channel "slow".
    await option('ChannelDisableThreshold', '0');
  });
  afterAll(async () => {
    receiver?.server.close();
    await f?.stop();
  });

  it('sends a minimal chat for the test model, records response_time and test_time, and answers time in seconds', async () => {
    const id = await channel({ models: 'gpt-4o-mini,other-model', test_model: 'gpt-4o-mini' });
    await f.mock.reset();
    const r = await test(id);
    expect(r.body).toMatchObject({ success: true, message: '' });
    expect(typeof r.body.time).toBe('number');
    const [sent] = await f.mock.requests();
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/chat/completions', body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], max_tokens: 10 } });
    expect(sent!.headers.authorization).toBe('Bearer mock-ok');
    const saved = await row(id);
    expect(saved.test_time).toBeGreaterThan(0);
    expect(saved.response_time).toBe(Math.round((r.body.time as number) * 1000));

    await f.mock.reset();
    expect((await test(id, 'other-model')).body.success).toBe(true);
    expect((await f.mock.requests())[0]!.body).toMatchObject({ model: 'other-model' });
  });

  it('tests the first model when no test model is set, and embedding models with an embeddings request', async () => {
    const chat = await channel({ models: 'first-model,second-model' });
    await f.mock.reset();
    await test(chat);
    expect((await f.mock.requests())[0]!.body).toMatchObject({ model: 'first-model' });

    const embed = await channel({ models: 'text-embedding-3-small' });
    await f.mock.reset();
    expect((await test(embed)).body.success).toBe(true);
    expect(await f.mock.requests()).toMatchObject([{ path: '/v1/embeddings', body: { model: 'text-embedding-3-small', input: ['hello world'] } }]);
  });

  it("speaks Anthropic's Messages API to an Anthropic channel and Gemini's generateContent to a Gemini channel", async () => {
    const claude = await channel({ type: 14, key: 'mock-ok', models: 'claude-3-5-haiku-latest' });
    await f.mock.reset();
    expect((await test(claude)).body).toMatchObject({ success: true, message: '' });
    const [c] = await f.mock.requests();
    expect(c).toMatchObject({ path: '/v1/messages', body: { model: 'claude-3-5-haiku-latest', max_tokens: 10, messages: [{ role: 'user' }] } });
    expect(c!.headers['x-api-key']).toBe('mock-ok');
    expect(c!.headers['anthropic-version']).toBe('2023-06-01');

    const gemini = await channel({ type: 24, key: 'mock-ok', models: 'gemini-2.0-flash' });
    await f.mock.reset();
    expect((await test(gemini)).body).toMatchObject({ success: true, message: '' });
    const [g] = await f.mock.requests();
    expect(g).toMatchObject({ path: '/v1beta/models/gemini-2.0-flash:generateContent', body: { generationConfig: { maxOutputTokens: 300 } } });
    expect(g!.headers['x-goog-api-key']).toBe('mock-ok');
  });

  it("reports the upstream's error, an error inside a 200, and refuses task channels, without disabling anything", async () => {
    await option('AutomaticDisableChannelEnabled', 'true');
    const bad = await channel({ key: 'mock-status-401' });
    const r = await test(bad);
    expect(r.body).toMatchObject({ success: false, message: 'mock error 401' });
    expect(typeof r.body.time).toBe('number');
    expect((await row(bad)).status).toBe(1);

    const in200 = await channel({ key: 'mock-body-error-in-200' });
    expect((await test(in200)).body).toMatchObject({ success: false, message: 'mock error in 200 body' });

    const suno = await channel({ type: 36, models: 'suno_music' });
    expect((await test(suno)).body).toEqual({ success: false, message: 'suno channel test is not supported', time: 0 });
    expect((await f.root.get('/api/channel/test/999999')).body).toMatchObject({ success: false, message: '渠道不存在' });
    await option('AutomaticDisableChannelEnabled', 'false');
  });

  it('test-all disables a dead channel and a dead key, leaves a manual disable alone, and a passing test brings the channel back', async () => {
    await option('AutomaticDisableChannelEnabled', 'true');
    await option('AutomaticEnableChannelEnabled', 'true');
    // Everything from the tests above is tested again; take their failing channels out of the way.
    await f.gw.sql`UPDATE channels SET status = 2`;
    const dead = await channel({ key: 'mock-status-401' });
    const manual = await channel({ key: 'mock-ok', status: 2 });
    // polled from the first key: the test-all run tries the dead one
    const multi = await channel({ key: 'mock-status-401\nmock-ok\nmock-ok' }, 'multi_to_single', 'polling');
    // keeps the run going while a second one is asked for
    const slow = await channel({ key: 'mock-delay-4000' });
    const before = Math.floor(Date.now() / 1000) - 1;

    expect((await f.root.get('/api/channel/test')).body).toEqual({ success: true, message: '' });
    expect((await f.root.get('/api/channel/test')).body).toEqual({ success: false, message: '测试已在运行中' });
    await eventually(() => row(slow), (r) => r.test_time >= before, 60_000);
    await eventually(async () => receiver.hooks.some((h) => h.title === '通道测试完成'), Boolean, 30_000);

    const d = await row(dead);
    expect(d.status).toBe(3);
    expect(JSON.parse(d.other_info)).toMatchObject({ status_reason: 'status_code=401, mock error 401' });
    expect((await row(manual)).status).toBe(2);
    expect((await row(manual)).test_time).toBe(0);
    const m = await row(multi);
    expect(m.status).toBe(1);
    expect(m.channel_info!.multi_key_status_list).toEqual({ 0: 3 });
    expect(m.channel_info!.multi_key_disabled_reason).toEqual({ 0: 'status_code=401, mock error 401' });
    expect(receiver.hooks.map((h) => h.title)).toEqual(expect.arrayContaining([`通道「${await nameOf(dead)}」（#${dead}）已被禁用`, `通道「${await nameOf(multi)}」（#${multi}）的密钥 #0 已被禁用`]));

    // The key is fixed; one passing test re-enables the auto-disabled channel (the manual one stays off).
    expect((await f.root.put('/api/channel/', { id: dead, key: 'mock-ok' })).body.success).toBe(true);
    expect((await test(dead)).body.success).toBe(true);
    expect((await row(dead)).status).toBe(1);
    expect(JSON.parse((await row(dead)).other_info)).toMatchObject({ status_reason: '' });
    expect(receiver.hooks.map((h) => h.title)).toContain(`通道「${await nameOf(dead)}」（#${dead}）已被启用`);
    expect((await test(manual)).body.success).toBe(true);
    expect((await row(manual)).status).toBe(2);
    // ...and it takes traffic again at once
    expect((await f.gw.sql`SELECT enabled FROM abilities WHERE channel_id = ${dead}`).every((a) => a.enabled)).toBe(true);
  });

  async function nameOf(id: number): Promise<string> {
    return (await f.gw.sql<{ name: string }[]>`SELECT name FROM channels WHERE id = ${id}`)[0]!.name;
  }
});
