import type { IncomingMessage, ServerResponse } from 'node:http';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel, addToken, type ChannelSpec, consumeLogBook, type RelayFixture, startRelayFixture } from '../support/relay-fixture.js';
import { RecordingListener, type JsonAnswer, type Seen } from '../support/recording-listener.js';
import { seedUser } from '../support/seed-rows.js';

const TEXT = 'Hello from Codex.';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/**
 * ChatGPT's Codex backend, its OAuth token endpoint, OpenAI's compaction endpoint and Replicate's predictions,
 * as one listener: it checks what those services check (a live access token with its account, a streamed
 * unstored Responses body, a refresh token used once, OpenAI's and Replicate's bearer keys, `Prefer: wait`)
 * and records every request.
 */
class CodexReplicateMock extends RecordingListener {
  /** access tokens the backend accepts */
  readonly live = new Set(['at-live']);
  /** refresh tokens already traded in (OpenAI rotates them) */
  private readonly spent = new Set<string>();

  protected async route(req: IncomingMessage, res: ServerResponse, { path, body }: Seen, json: JsonAnswer): Promise<void> {
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (req.method === 'POST' && path === '/oauth/token') {
      const form = new URLSearchParams(body);
      const rt = form.get('refresh_token') ?? '';
      if (form.get('grant_type') !== 'refresh_token' || form.get('client_id') !== 'app_EMoamEEZ73f0CkXaXp7hrann' || !rt || this.spent.has(rt)) {
        return json(400, { error: 'invalid_grant', error_description: 'refresh token already used' });
      }
      this.spent.add(rt);
      // slow enough that concurrent requests would each refresh if nothing shared the exchange
      await new Promise((r) => setTimeout(r, 150));
      this.live.add(`at-from-${rt}`);
      return json(200, { access_token: `at-from-${rt}`, refresh_token: `${rt}-next`, id_token: 'id', expires_in: 864000 });
    }
    if (req.method === 'POST' && path === '/backend-api/codex/responses') {
      if (!this.live.has(bearer) || req.headers['chatgpt-account-id'] !== 'acct-1') return json(401, { detail: 'Unauthorized' });
      const sent = JSON.parse(body) as { stream?: unknown; store?: unknown; instructions?: unknown; model: string };
      if (sent.stream !== true || sent.store !== false || typeof sent.instructions !== 'string') return json(400, { detail: 'Stream must be set to true; Store must be set to false' });
      const response = (status: string, output: unknown[], usage?: unknown) => ({ id: 'resp_mock', object: 'response', created_at: 1700000000, status, model: sent.model, output, ...(usage ? { usage } : {}) });
      const message = { type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: TEXT, annotations: [] }] };
      const events = [
        { type: 'response.created', sequence_number: 0, response: response('in_progress', []) },
        { type: 'response.output_text.delta', sequence_number: 1, item_id: 'msg_1', output_index: 0, content_index: 0, delta: TEXT },
        {
          type: 'response.completed',
          sequence_number: 2,
          response: response('completed', [message], { input_tokens: 10, output_tokens: 20, total_tokens: 30, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } }),
        },
      ];
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''));
      return;
    }
    if (req.method === 'POST' && path === '/backend-api/codex/responses/compact') {
      if (!this.live.has(bearer) || req.headers['chatgpt-account-id'] !== 'acct-1') return json(401, { detail: 'Unauthorized' });
      const sent = JSON.parse(body) as { model: string; stream?: unknown };
      if (sent.stream !== undefined) return json(400, { detail: 'compact takes no stream' });
      // a compaction: the conversation's compacted items and the usage of making them
      return json(200, {
        id: 'cmp_mock',
        object: 'response.compaction',
        created_at: 1700000000,
        output: [{ type: 'compaction', id: 'cmp_item_1', encrypted_content: 'opaque' }],
        usage: { input_tokens: 10, output_tokens: 20, total_tokens: 30, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } },
      });
    }
    if (req.method === 'POST' && path === '/v1/responses/compact') {
      if (bearer !== 'sk-openai') return json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
      const sent = JSON.parse(body) as { model: string };
      return json(200, {
        id: 'cmp_openai',
        object: 'response.compaction',
        created_at: 1700000000,
        model: sent.model,
        output: [{ type: 'compaction', id: 'cmp_item_2', encrypted_content: 'opaque-openai' }],
        usage: { input_tokens: 10, output_tokens: 20, total_tokens: 30, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } },
      });
    }
    if (req.method === 'GET' && path === '/backend-api/wham/usage') {
      if (!this.live.has(bearer)) return json(401, { detail: 'Unauthorized' });
      return json(200, { plan_type: 'plus', rate_limit: { allowed: true, limit_reached: false, primary_window: { used_percent: 12 } } });
    }
    if (req.method === 'POST' && path === '/backend-api/codex/alpha/search') {
      if (!this.live.has(bearer) || req.headers['chatgpt-account-id'] !== 'acct-1') return json(401, { detail: 'Unauthorized' });
      const sent = JSON.parse(body) as { query?: string };
      return json(200, { object: 'search.result', query: sent.query, results: [{ title: 'Ferryman', url: 'https://example.com/ferryman' }] });
    }
    if (req.method === 'GET' && path === '/backend-api/wham/rate-limit-reset-credits') {
      if (!this.live.has(bearer)) return json(401, { detail: 'Unauthorized' });
      return json(200, { credits: [{ id: 'credit_1', status: 'available', expires_at: '2099-01-01T00:00:00Z' }] });
    }
    if (req.method === 'POST' && path === '/backend-api/wham/rate-limit-reset-credits/consume') {
      if (!this.live.has(bearer)) return json(401, { detail: 'Unauthorized' });
      const sent = JSON.parse(body || '{}') as { redeem_request_id?: unknown };
      if (typeof sent.redeem_request_id !== 'string' || !sent.redeem_request_id) return json(400, { detail: 'redeem_request_id is required' });
      return json(200, { redeemed: true, redeem_request_id: sent.redeem_request_id });
    }
    const prediction = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(path);
    if (req.method === 'POST' && prediction) {
      if (bearer !== 'r8_test' || req.headers.prefer !== 'wait') return json(401, { detail: 'Unauthenticated' });
      const input = (JSON.parse(body) as { input: { num_outputs?: number } }).input;
      const n = input.num_outputs ?? 1;
      return json(201, { id: 'pred_1', status: 'succeeded', output: Array.from({ length: n }, (_, i) => `${this.url}/files/out-${i}.png`) });
    }
    if (req.method === 'GET' && path.startsWith('/files/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
      return;
    }
    json(404, { detail: 'not found' });
  }
}

const codexKey = (o: Record<string, unknown>) => JSON.stringify({ account_id: 'acct-1', email: 'dev@example.com', type: 'codex', ...o });

/**
 * Codex (type 57: a ChatGPT subscription's OAuth tokens, /v1/responses only) and Replicate (type 56: images as
 * predictions) behind the relay, through the official OpenAI SDK. gpt-5 and gpt-5-codex: ratio 1, and the gpt-5
 * family's completion ratio is new-api's locked 8 (the CompletionRatio of 2 set below must not win), so the
 * backend's usage (10 in, 20 out) costs 170; flux-test: ModelPrice $0.04 per image (20 000).
 */
describe('Codex and Replicate channels', () => {
  let f: RelayFixture;
  const mock = new CodexReplicateMock();
  let openai: OpenAI;
  let userId: number;
  let liveChannel: number;
  let expiredChannel: number;
  let revokedChannel: number;
  let revokedSearchChannel: number;
  const { charged } = consumeLogBook(() => f.gw, () => userId);
  const keyOf = async (id: number) => JSON.parse((await f.gw.sql<{ key: string }[]>`SELECT key FROM channels WHERE id = ${id}`)[0]!.key) as Record<string, string>;

  beforeAll(async () => {
    await mock.start();
    // one relay thread: the refresh is shared per thread, and the test counts token-endpoint calls exactly
    f = await startRelayFixture({ FERRYMAN_THREADS: '1', CODEX_OAUTH_TOKEN_ENDPOINT: `${mock.url}/oauth/token` });
    liveChannel = await addChannel(f, { type: 57, base_url: mock.url, key: codexKey({ access_token: 'at-live', refresh_token: 'rt-live', expired: '2099-01-01T00:00:00Z' }), models: 'gpt-5,gpt-5-openai-compact' });
    expiredChannel = await addChannel(f, { type: 57, base_url: mock.url, key: codexKey({ access_token: 'at-gone', refresh_token: 'rt-a', expired: '2020-01-01T00:00:00Z' }), models: 'gpt-5-codex' });
    revokedChannel = await addChannel(f, { type: 57, base_url: mock.url, key: codexKey({ access_token: 'at-revoked', refresh_token: 'rt-b', expired: '2099-01-01T00:00:00Z' }), models: 'gpt-5.1' });
    revokedSearchChannel = await addChannel(f, { type: 57, base_url: mock.url, key: codexKey({ access_token: 'at-revoked-s', refresh_token: 'rt-s', expired: '2099-01-01T00:00:00Z' }), models: 'gpt-5-search' });
    const overridden: ChannelSpec & { param_override: string } = {
      type: 57,
      base_url: mock.url,
      key: codexKey({ access_token: 'at-live', refresh_token: 'rt-override', expired: '2099-01-01T00:00:00Z' }),
      models: 'gpt-5.1-codex',
      param_override: JSON.stringify({ temperature: 0.3, max_output_tokens: 99 }),
    };
    await addChannel(f, overridden);
    await addChannel(f, { type: 56, base_url: mock.url, key: 'r8_test', models: 'flux-test', model_mapping: JSON.stringify({ 'flux-test': 'black-forest-labs/flux-schnell' }) });
    for (const [k, v] of [
      // every other compaction model is priced by the `*-openai-compact` wildcard (ratio 2)
      ['ModelRatio', { 'gpt-5-search': 1, 'gpt-5': 1, 'gpt-5-codex': 1, 'gpt-5.1': 1, 'gpt-5.1-codex': 1, 'gpt-5-openai-compact': 1, 'gpt-4o-openai-compact': 1, '*-openai-compact': 2 }],
      ['CompletionRatio', { 'gpt-5': 2, 'gpt-5-codex': 2, 'gpt-5.1': 2, 'gpt-5.1-codex': 2, 'gpt-5-openai-compact': 2 }],
      ['ModelPrice', { 'flux-test': 0.04 }],
    ] as const) {
      expect((await f.root.put('/api/option/', { key: k, value: JSON.stringify(v) })).body.success).toBe(true);
    }
    const user = await seedUser(f.gw, { username: 'codex-user', quota: 10_000_000 });
    userId = user.userId;
    openai = new OpenAI({ baseURL: `${f.gw.url}/v1`, apiKey: (await addToken(user, { unlimited_quota: true })).key, maxRetries: 0 });
  }, 300_000);
  afterAll(async () => {
    await f?.stop();
    await mock.stop();
  });

  it('refuses a Codex key that is not new-api\'s OAuth JSON when the channel is saved', async () => {
    for (const key of ['sk-plain', codexKey({ access_token: '' })]) {
      const r = await f.root.post('/api/channel/', { type: 57, key, name: 'bad-codex', models: 'gpt-5', group: 'default' });
      expect(r.body).toMatchObject({ success: false, message: expect.stringContaining('access_token') });
    }
  });

  it('answers a non-stream Responses request from the Codex stream, and bills response.completed usage', async () => {
    const r = await openai.responses.create({ model: 'gpt-5', input: 'hi', max_output_tokens: 64, temperature: 0.3 });
    expect(r.output_text).toBe(TEXT);
    expect(r.usage).toMatchObject({ input_tokens: 10, output_tokens: 20 });
    await charged(170, 'gpt-5');
    const sent = mock.sent('/backend-api/codex/responses').at(-1)!;
    expect(sent.headers).toMatchObject({ authorization: 'Bearer at-live', 'chatgpt-account-id': 'acct-1', originator: 'codex_cli_rs', 'openai-beta': 'responses=experimental', accept: 'text/event-stream' });
    expect(JSON.parse(sent.body)).toEqual({ model: 'gpt-5', input: 'hi', instructions: '', store: false, stream: true });
  });

  it("lays the channel's param_override over the cleaned body, so its temperature and max_output_tokens reach the backend", async () => {
    const r = await openai.responses.create({ model: 'gpt-5.1-codex', input: 'hi', max_output_tokens: 64, temperature: 0.9 });
    expect(r.output_text).toBe(TEXT);
    await charged(170, 'gpt-5.1-codex');
    const sent = mock.sent('/backend-api/codex/responses').at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer at-live');
    // the client's values are dropped as for any Codex request (above), then the override sets its own
    expect(JSON.parse(sent.body)).toEqual({ model: 'gpt-5.1-codex', input: 'hi', instructions: '', store: false, stream: true, temperature: 0.3, max_output_tokens: 99 });
  });

  it('streams a Responses request through, billed from response.completed', async () => {
    const stream = await openai.responses.create({ model: 'gpt-5', input: 'hi', stream: true });
    let text = '';
    let completed: { usage?: { output_tokens: number } | null } | null = null;
    for await (const ev of stream) {
      if (ev.type === 'response.output_text.delta') text += ev.delta;
      if (ev.type === 'response.completed') completed = ev.response;
    }
    expect(text).toBe(TEXT);
    expect(completed?.usage?.output_tokens).toBe(20);
    await charged(170, 'gpt-5');
  });

  it('compacts through the Codex backend under the -openai-compact name, billed from its usage', async () => {
    const post = (body: unknown) =>
      fetch(`${f.gw.url}/v1/responses/compact`, { method: 'POST', headers: { authorization: `Bearer ${openai.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const r = await post({ model: 'gpt-5', input: [{ role: 'user', content: 'hi' }] });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ object: 'response.compaction', output: [{ type: 'compaction' }], usage: { input_tokens: 10, output_tokens: 20 } });
    await charged(170, 'gpt-5-openai-compact');
    const sent = mock.sent('/backend-api/codex/responses/compact').at(-1)!;
    expect(sent.headers).toMatchObject({ authorization: 'Bearer at-live', 'chatgpt-account-id': 'acct-1', accept: 'application/json' });
    expect(JSON.parse(sent.body)).toEqual({ model: 'gpt-5', input: [{ role: 'user', content: 'hi' }], instructions: '' });

    // only where /v1/responses passes through: another channel type is refused before it is sent anything
    await addChannel(f, { type: 8, base_url: mock.url, key: 'sk-custom', models: 'gpt-4o-openai-compact' });
    const seen = mock.seen.length;
    const refused = await post({ model: 'gpt-4o', input: 'hi' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/does not support \/v1\/responses\/compact/);
    expect(mock.seen.length).toBe(seen);
  });

  it('compacts on a plain OpenAI channel at /v1/responses/compact, under the mapped base name, priced by the *-openai-compact wildcard', async () => {
    await addChannel(f, { type: 1, base_url: mock.url, key: 'sk-openai', models: 'gpt-4o-mini-openai-compact', model_mapping: JSON.stringify({ 'gpt-4o-mini': 'gpt-4o-mini-2024-07-18' }) });
    const input = [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }];
    const r = await fetch(`${f.gw.url}/v1/responses/compact`, {
      method: 'POST',
      headers: { authorization: `Bearer ${openai.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', input, instructions: 'sum up' }),
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ id: 'cmp_openai', object: 'response.compaction', output: [{ type: 'compaction', encrypted_content: 'opaque-openai' }], usage: { input_tokens: 10, output_tokens: 20 } });
    const sent = mock.sent('/v1/responses/compact').at(-1)!;
    expect(sent.path).toBe('/v1/responses/compact');
    expect(sent.headers).toMatchObject({ authorization: 'Bearer sk-openai' });
    expect(sent.headers['chatgpt-account-id']).toBeUndefined();
    // the client's body, only its model changed: the base name, then the channel's mapping
    expect(JSON.parse(sent.body)).toEqual({ model: 'gpt-4o-mini-2024-07-18', input, instructions: 'sum up' });
    // no ratio of its own: the wildcard's 2, gpt-4o's completion ratio 4 → (10 + 20 × 4) × 2
    await charged(180, 'gpt-4o-mini-openai-compact');
    const [log] = await f.gw.sql<{ other: string }[]>`SELECT other FROM logs WHERE user_id = ${userId} AND type = 2 ORDER BY id DESC LIMIT 1`;
    expect(JSON.parse(log!.other)).toMatchObject({ model_ratio: 2, completion_ratio: 4, model_price: -1, is_model_mapped: true, upstream_model_name: 'gpt-4o-mini-2024-07-18' });
  });

  it('refuses chat completions on a Codex channel with a clear 400', async () => {
    const err = await openai.chat.completions.create({ model: 'gpt-5', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(400);
    expect((err as Error).message).toMatch(/only \/v1\/responses/);
  });

  it('refreshes an expired token once for three concurrent requests, and saves the rotated key', async () => {
    const answers = await Promise.all([0, 1, 2].map(() => openai.responses.create({ model: 'gpt-5-codex', input: 'hi' })));
    for (const r of answers) expect(r.output_text).toBe(TEXT);
    for (let i = 0; i < 3; i++) await charged(170, 'gpt-5-codex');
    expect(mock.sent('/oauth/token')).toHaveLength(1);
    expect(mock.sent('/backend-api/codex/responses').slice(-3).map((s) => s.headers.authorization)).toEqual(Array(3).fill('Bearer at-from-rt-a'));
    const stored = await keyOf(expiredChannel);
    expect(stored).toMatchObject({ access_token: 'at-from-rt-a', refresh_token: 'rt-a-next', account_id: 'acct-1', email: 'dev@example.com', type: 'codex' });
    expect(Date.parse(stored.expired!)).toBeGreaterThan(Date.now() + 9 * 86400_000);
    // the saved key is what the next request uses: no second refresh
    await openai.responses.create({ model: 'gpt-5-codex', input: 'hi' });
    await charged(170, 'gpt-5-codex');
    expect(mock.sent('/oauth/token')).toHaveLength(1);
  });

  it('refreshes a token the backend refused (401) on the next request, before it would expire', async () => {
    const err = await openai.responses.create({ model: 'gpt-5.1', input: 'hi' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(mock.sent('/oauth/token')).toHaveLength(1);
    const r = await openai.responses.create({ model: 'gpt-5.1', input: 'hi' });
    expect(r.output_text).toBe(TEXT);
    await charged(170, 'gpt-5.1');
    expect(mock.sent('/oauth/token')).toHaveLength(2);
    expect(await keyOf(revokedChannel)).toMatchObject({ access_token: 'at-from-rt-b', refresh_token: 'rt-b-next' });
  });

  it('refreshes a Codex credential on the admin route, which a common user may not call', async () => {
    const user = await seedUser(f.gw, { username: 'codex-common' });
    expect((await user.post(`/api/channel/${liveChannel}/codex/refresh`, {})).body).toMatchObject({ success: false, message: '无权进行此操作，权限不足' });
    expect(mock.sent('/oauth/token')).toHaveLength(2);
    const r = await f.root.post<Record<string, unknown>>(`/api/channel/${liveChannel}/codex/refresh`, {});
    expect(r.body).toMatchObject({
      success: true,
      message: 'refreshed',
      data: { account_id: 'acct-1', email: 'dev@example.com', channel_id: liveChannel, channel_type: 57, expires_at: expect.stringMatching(/Z$/), last_refresh: expect.stringMatching(/Z$/) },
    });
    expect(await keyOf(liveChannel)).toMatchObject({ access_token: 'at-from-rt-live', refresh_token: 'rt-live-next' });
    const answer = await openai.responses.create({ model: 'gpt-5', input: 'hi' });
    expect(answer.output_text).toBe(TEXT);
    await charged(170, 'gpt-5');
    expect(mock.sent('/backend-api/codex/responses').at(-1)!.headers.authorization).toBe('Bearer at-from-rt-live');
    // a channel of another type is not refreshed
    const other = await addChannel(f, { models: 'gpt-4o-mini' });
    expect((await f.root.post(`/api/channel/${other}/codex/refresh`, {})).body).toMatchObject({ success: false, message: '刷新凭证失败，请稍后重试' });
  });

  it('reads the account usage on the admin route', async () => {
    const r = await f.root.get<Record<string, unknown>>(`/api/channel/${liveChannel}/codex/usage`);
    expect(r.body).toMatchObject({ success: true, upstream_status: 200, data: { plan_type: 'plus', rate_limit: { primary_window: { used_percent: 12 } } } });
    expect(mock.sent('/backend-api/wham/usage').at(-1)!.headers).toMatchObject({ authorization: 'Bearer at-from-rt-live', 'chatgpt-account-id': 'acct-1' });
  });

  it('reads the reset credits and spends one on the admin routes, which a common user may not call', async () => {
    const user = await seedUser(f.gw, { username: 'codex-common-reset' });
    expect((await user.post(`/api/channel/${liveChannel}/codex/usage/reset`, {})).body).toMatchObject({ success: false, message: '无权进行此操作，权限不足' });
    expect(mock.sent('/backend-api/wham/rate-limit-reset-credits')).toHaveLength(0);
    const credits = await f.root.get<Record<string, unknown>>(`/api/channel/${liveChannel}/codex/usage/reset-credits`);
    expect(credits.body).toMatchObject({ success: true, message: '', upstream_status: 200, data: { credits: [{ id: 'credit_1', status: 'available' }] } });
    const reset = await f.root.post<Record<string, unknown>>(`/api/channel/${liveChannel}/codex/usage/reset`, {});
    expect(reset.body).toMatchObject({ success: true, upstream_status: 200, data: { redeemed: true, redeem_request_id: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    const consumed = mock.sent('/backend-api/wham/rate-limit-reset-credits/consume').at(-1)!;
    expect(consumed.headers).toMatchObject({ authorization: 'Bearer at-from-rt-live', 'chatgpt-account-id': 'acct-1', 'content-type': 'application/json' });
    // a channel of another type: new-api's refusal, nothing sent
    const other = await addChannel(f, { models: 'gpt-4o-mini' });
    expect((await f.root.post(`/api/channel/${other}/codex/usage/reset`, {})).body).toMatchObject({ success: false, message: 'channel type is not Codex' });
    expect(mock.sent('/backend-api/wham/rate-limit-reset-credits/consume')).toHaveLength(1);
  });

  it('relays /v1/alpha/search to the Codex backend under the OAuth token, billed as one web search call', async () => {
    const res = await fetch(`${f.gw.url}/v1/alpha/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${openai.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-5', query: 'ferryman', max_results: 3 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ object: 'search.result', query: 'ferryman', results: [{ title: 'Ferryman', url: 'https://example.com/ferryman' }] });
    const sent = mock.sent('/backend-api/codex/alpha/search').at(-1)!;
    expect(JSON.parse(sent.body)).toEqual({ model: 'gpt-5', query: 'ferryman', max_results: 3 });
    expect(sent.headers).toMatchObject({ authorization: 'Bearer at-from-rt-live', 'chatgpt-account-id': 'acct-1', accept: 'application/json', originator: 'codex_cli_rs' });
    // no usage comes back: 0 tokens, plus one web_search_preview call at $10 per 1000 (gpt-5) × 500 000
    await charged(5_000, 'gpt-5');
  });

  it('refreshes a token the backend refused on /v1/alpha/search before the next search, as on the text path', async () => {
    const search = () =>
      fetch(`${f.gw.url}/v1/alpha/search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${openai.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-5-search', query: 'ferryman' }),
      });
    const refreshes = () => mock.sent('/oauth/token').filter((s) => new URLSearchParams(s.body).get('refresh_token') === 'rt-s').length;
    expect((await search()).status).not.toBe(200);
    expect(refreshes()).toBe(0);
    expect((await search()).status).toBe(200);
    expect(refreshes()).toBe(1);
    expect(mock.sent('/backend-api/codex/alpha/search').at(-1)!.headers.authorization).toBe('Bearer at-from-rt-s');
    expect(await keyOf(revokedSearchChannel)).toMatchObject({ access_token: 'at-from-rt-s', refresh_token: 'rt-s-next' });
    // only the search that was answered is charged: one web_search_preview call, as above
    await charged(5_000, 'gpt-5-search');
  });

  it('generates images through Replicate predictions, as URLs or base64, billed per image', async () => {
    const r = await openai.images.generate({ model: 'flux-test', prompt: 'a cat', size: '1792x1024' });
    expect(r.data).toEqual([{ url: `${mock.url}/files/out-0.png` }]);
    // 1792x1024 costs twice the 1024x1024 price, as new-api's size ratio says
    await charged(40_000, 'flux-test');
    const sent = mock.sent('/v1/models/').at(-1)!;
    expect(sent.path).toBe('/v1/models/black-forest-labs/flux-schnell/predictions');
    expect(JSON.parse(sent.body)).toEqual({ input: { prompt: 'a cat', aspect_ratio: '16:9' } });

    const b64 = await openai.images.generate({ model: 'flux-test', prompt: 'a cat', n: 2, response_format: 'b64_json' });
    expect(b64.data).toEqual([{ b64_json: PNG.toString('base64') }, { b64_json: PNG.toString('base64') }]);
    await charged(40_000, 'flux-test');
  });

  it("tests a Codex channel as new-api does, with a Responses request under the channel's OAuth token", async () => {
    const test = async (id: number) => (await f.root.get<never>(`/api/channel/test/${id}`)).body as unknown as { success: boolean; message: string };
    expect(await test(liveChannel)).toMatchObject({ success: true, message: '' });
    const sent = mock.sent('/backend-api/codex/responses').at(-1)!;
    expect(sent.headers).toMatchObject({ authorization: 'Bearer at-from-rt-live', 'chatgpt-account-id': 'acct-1', accept: 'text/event-stream' });
    expect(JSON.parse(sent.body)).toEqual({ model: 'gpt-5', input: [{ role: 'user', content: 'hi' }], instructions: '', store: false, stream: true });
    // a -openai-compact model is tested with a compaction, as new-api does
    expect((await f.root.get<never>(`/api/channel/test/${liveChannel}?model=gpt-5-openai-compact`)).body).toMatchObject({ success: true });
    expect(JSON.parse(mock.sent('/backend-api/codex/responses/compact').at(-1)!.body)).toEqual({ model: 'gpt-5', input: [{ role: 'user', content: 'hi' }], instructions: '' });

    // a lapsed token is refreshed for the test as for a request, and the rotated key is kept
    const lapsed = await addChannel(f, { type: 57, base_url: mock.url, key: codexKey({ access_token: 'at-old', refresh_token: 'rt-c', expired: '2020-01-01T00:00:00Z' }), models: 'gpt-5.2' });
    const refreshes = mock.sent('/oauth/token').length;
    expect(await test(lapsed)).toMatchObject({ success: true });
    expect(mock.sent('/oauth/token')).toHaveLength(refreshes + 1);
    expect(mock.sent('/backend-api/codex/responses').at(-1)!.headers.authorization).toBe('Bearer at-from-rt-c');
    expect(await keyOf(lapsed)).toMatchObject({ access_token: 'at-from-rt-c', refresh_token: 'rt-c-next' });

    // a token the backend refuses fails the test, without its key in the message
    const refused = await addChannel(f, { type: 57, base_url: mock.url, key: codexKey({ access_token: 'at-refused', expired: '2099-01-01T00:00:00Z' }), models: 'gpt-5.2' });
    const failed = await test(refused);
    expect(failed.success).toBe(false);
    expect(failed.message).not.toContain('at-refused');
  });

  it("lists a Codex channel's models from its row, sending no key anywhere", async () => {
    const before = mock.seen.length;
    const saved = await f.root.get<string[]>(`/api/channel/fetch_models/${liveChannel}`);
    expect(saved.body).toMatchObject({ success: true, data: expect.arrayContaining(['gpt-5', 'gpt-5-codex', 'gpt-5.1-codex-max']) });
    const form = await f.root.post<string[]>('/api/channel/fetch_models', { type: 57, base_url: mock.url, key: codexKey({ access_token: 'at-live' }) });
    expect(form.body).toEqual({ success: true, data: saved.body.data });
    expect(mock.seen.length).toBe(before);
  });

  it('refuses chat on a Replicate channel (images only)', async () => {
    const err = await openai.chat.completions.create({ model: 'flux-test', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(400);
  });
});
