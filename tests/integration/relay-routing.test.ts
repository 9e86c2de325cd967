import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, eventually } from '../support/console-client.js';
import { addChannel, addToken, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

const post = (f: RelayFixture, key: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${f.gw.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('routing, mapping, pinning and token rules', () => {
  let f: RelayFixture;
  let rootKey: string;
  let mappedChannel: number;
  beforeAll(async () => {
    f = await startRelayFixture();
    mappedChannel = await addChannel(f, { name: 'mapped', models: 'gpt-4o-mini,alias-model', model_mapping: JSON.stringify({ 'alias-model': 'gpt-4o-mini-2024' }) });
    await addChannel(f, { name: 'nousage', key: 'mock-no-usage', models: 'gpt-4o' });
    rootKey = (await addToken(f.root)).key;
  });
  afterAll(() => f?.stop());

  it('maps the model for the upstream, bills and logs the requested name, and passes unknown fields through', async () => {
    await f.root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'gpt-4o-mini': 0.075, 'alias-model': 0.075, 'gpt-4o': 1.25 }) });
    await f.mock.reset();
    const r = await post(f, rootKey, '/v1/chat/completions', { model: 'alias-model', messages: [{ role: 'user', content: 'hi' }], vendor_extension: { keep: [1, 2] } });
    expect(r.status).toBe(200);
    const [seen] = (await f.mock.requests()).filter((x) => x.path === '/v1/chat/completions');
    expect(seen!.body).toMatchObject({ model: 'gpt-4o-mini-2024', vendor_extension: { keep: [1, 2] } });
    expect(seen!.headers['accept-encoding']).toBe('identity'); // undici would not decode a compressed answer
    const [log] = await eventually(
      () => f.gw.sql<{ model_name: string; other: string }[]>`SELECT model_name, other FROM logs WHERE type = 2 AND model_name = 'alias-model'`,
      (rows) => rows.length === 1,
    );
    expect(JSON.parse(log!.other)).toMatchObject({ is_model_mapped: true, upstream_model_name: 'gpt-4o-mini-2024' });
  });

  it('counts tokens locally when the upstream reports no usage', async () => {
    const r = await post(f, rootKey, '/v1/chat/completions', { model: 'gpt-4o', messages: [{ role: 'user', content: 'hello there' }], stream: true });
    expect(r.status).toBe(200);
    await r.text();
    const [log] = await eventually(
      () => f.gw.sql<{ prompt_tokens: number; completion_tokens: number; quota: number; other: string }[]>`SELECT prompt_tokens, completion_tokens, quota, other FROM logs WHERE type = 2 AND model_name = 'gpt-4o'`,
      (rows) => rows.length === 1,
    );
    // "Hello from mock upstream." is 5 tokens in o200k; the prompt is 3 + role + content + 3 priming.
    expect(log!.completion_tokens).toBe(5);
    expect(log!.prompt_tokens).toBeGreaterThan(5);
    expect(log!.quota).toBeGreaterThan(0);
    expect(JSON.parse(log!.other).admin_info.local_count_tokens).toBe(true);
  });

  it('adds channel used_quota and user request counts after settlement', async () => {
    const row = await eventually(
      async () => (await f.gw.sql<{ used_quota: number }[]>`SELECT used_quota FROM channels WHERE id = ${mappedChannel}`)[0]!,
      (c) => c.used_quota > 0,
    );
    expect(row.used_quota).toBeGreaterThan(0);
  });

  it('lets an admin pin a channel with sk-key-<id> and refuses the pin to a common user', async () => {
    const pinned = await post(f, `${rootKey}-${mappedChannel}`, '/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(pinned.status).toBe(200);
    const bad = await post(f, `${rootKey}-99999`, '/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/无效的渠道 Id/);

    await f.gw.sql`INSERT INTO users (username, password, display_name, quota) VALUES ('plain', 'x', 'plain', 1000000)`;
    const [u] = await f.gw.sql<{ id: number }[]>`SELECT id FROM users WHERE username = 'plain'`;
    const key = 'q'.repeat(48);
    await f.gw.sql`INSERT INTO tokens (user_id, key, name, remain_quota, expired_time) VALUES (${u!.id}, ${key}, 'plain', 100000, -1)`;
    const refused = await post(f, `sk-${key}-${mappedChannel}`, '/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/普通用户不支持指定渠道/);
  });

  it('enforces model limits in the relay and in /v1/models', async () => {
    const t = await addToken(f.root, { model_limits_enabled: true, model_limits: 'gpt-4o-mini' });
    const client = new OpenAI({ baseURL: `${f.gw.url}/v1`, apiKey: t.key, maxRetries: 0 });
    expect((await client.models.list()).data.map((m) => m.id)).toEqual(['gpt-4o-mini']);
    const r = await post(f, t.key, '/v1/chat/completions', { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    expect(r.status).toBe(403);
    expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(/该令牌无权访问模型 gpt-4o/);
  });

  it.each([
    ['disabled', { status: 2 }, 401, /该令牌状态不可用/],
    ['expired', { expired_time: 1000 }, 401, /该令牌已过期/],
  ])('refuses a %s token with new-api’s message', async (_n, patch, status, message) => {
    const t = await addToken(f.root);
    await f.gw.sql`UPDATE tokens SET ${f.gw.sql(patch as Record<string, number>)} WHERE id = ${t.id}`;
    await f.root.put('/api/token/?status_only=true', { id: t.id, status: (patch as { status?: number }).status ?? 1 });
    const r = await post(f, t.key, '/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(r.status).toBe(status);
    expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(message);
  });

  it('reads the key from every header form new-api accepts, and only where it accepts it', async () => {
    const models = (headers: Record<string, string>) => fetch(`${f.gw.url}/v1/models`, { headers }).then((r) => r.status);
    expect(await models({ authorization: rootKey })).toBe(200);
    expect(await models({ authorization: `Bearer ${rootKey}` })).toBe(200);
    expect(await models({ authorization: `Bearer ${rootKey.slice(3)}` })).toBe(200);
    expect(await models({ 'x-api-key': rootKey })).toBe(401);
  });

  it('relays legacy completions', async () => {
    const r = await post(f, rootKey, '/v1/completions', { model: 'gpt-4o-mini', prompt: 'Say hi' });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { choices: Array<{ text: string }> }).choices[0]!.text).toBe('Hello from mock upstream.');
  });

  it('keeps console and relay credentials apart', async () => {
    const c = new ConsoleClient(f.gw);
    const r = await c.call('GET', '/api/user/self', undefined, { authorization: rootKey, 'New-Api-User': String(f.root.userId) });
    expect(r.body.success).toBe(false);
  });

  it('serves the playground from the console session, relayed to the upstream chat path', async () => {
    await f.mock.reset();
    const r = await f.root.call('POST', '/pg/chat/completions', {
      model: 'gpt-4o-mini',
      group: 'default',
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(r.status).toBe(200);
    expect(String(r.body.raw)).toContain('data: [DONE]');
    const [seen] = (await f.mock.requests()).filter((x) => x.method === 'POST');
    expect(seen!.path).toBe('/v1/chat/completions');
    const [log] = await eventually(
      () => f.gw.sql<{ token_name: string; token_id: number }[]>`SELECT token_name, token_id FROM logs WHERE type = 2 AND token_name LIKE 'playground-%'`,
      (rows) => rows.length === 1,
    );
    expect(log).toEqual({ token_name: 'playground-default', token_id: 0 });
    const anonymous = await fetch(`${f.gw.url}/pg/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"model":"gpt-4o-mini","messages":[]}' });
    expect(anonymous.status).toBe(401);
  });

  it('sends CORS headers to browsers (requests with an Origin) and answers their preflight', async () => {
    const body = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };
    const browser = await post(f, rootKey, '/v1/chat/completions', body, { origin: 'https://app.example' });
    expect(browser.status).toBe(200);
    expect(browser.headers.get('access-control-allow-origin')).toBe('*');
    const sdk = await post(f, rootKey, '/v1/chat/completions', body);
    expect(sdk.status).toBe(200);
    expect(sdk.headers.get('access-control-allow-origin')).toBeNull();
    expect(sdk.headers.get('x-oneapi-request-id')).toMatch(/^\d{23}[A-Za-z0-9]{8}$/);
    const refused = await post(f, 'sk-nope', '/v1/chat/completions', body, { origin: 'https://app.example' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    const pre = await fetch(`${f.gw.url}/v1/chat/completions`, { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toBe('*');
  });
});
