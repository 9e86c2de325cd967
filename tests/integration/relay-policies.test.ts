import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { setupRoot, type ConsoleClient } from '../support/console-client.js';
import { addChannel, addToken, ledger, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { startMockUpstreamProcess, type MockUpstreamProcess } from '../support/mock-upstream-process.js';
import { seedUser } from '../support/seed-rows.js';
import { testDbKind } from '../support/test-database.js';

const chat = (gwUrl: string, key: string, body: Record<string, unknown> = {}) =>
  fetch(`${gwUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }], ...body }),
  });

async function setOption(root: ConsoleClient, key: string, value: string): Promise<void> {
  const r = await root.put('/api/option/', { key, value });
  if (!r.body.success) throw new Error(`${key}: ${r.body.message}`);
}

const TOTAL_LIMIT = '您已达到总请求数限制：1分钟内最多请求3次，包括失败次数，请检查您的请求是否正确';

describe('model request rate limits and sensitive words in the relay', () => {
  let f: RelayFixture;
  let rootKey: string;

  beforeAll(async () => {
    f = await startRelayFixture();
    await addChannel(f);
    rootKey = (await addToken(f.root, { unlimited_quota: true })).key;
  });
  afterAll(() => f?.stop());

  it('answers the fourth request of three in a minute with 429 and new-api\'s message, costing nothing', async () => {
    await setOption(f.root, 'ModelRequestRateLimitDurationMinutes', '1');
    await setOption(f.root, 'ModelRequestRateLimitCount', '3');
    await setOption(f.root, 'ModelRequestRateLimitEnabled', 'true');
    const user = await seedUser(f.gw, { username: 'limited', quota: 1_000_000 });
    const { key } = await addToken(user);
    await f.mock.reset();
    for (let i = 0; i < 3; i++) expect((await chat(f.gw.url, key)).status).toBe(200);
    const before = await ledger(f.gw, user.userId, (l) => l.logs === 3 && l.requests === 3);
    const refused = await chat(f.gw.url, key);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(TOTAL_LIMIT);
    expect(await f.mock.requests()).toHaveLength(3);
    await new Promise((r) => setTimeout(r, 300));
    expect(await ledger(f.gw, user.userId)).toEqual(before);
    // the limit is per user: another user is not affected, and the playground is never limited
    expect((await chat(f.gw.url, rootKey)).status).toBe(200);
    await setOption(f.root, 'ModelRequestRateLimitEnabled', 'false');
  });

  it('lets a group\'s [total, success] override the global numbers', async () => {
    await setOption(f.root, 'ModelRequestRateLimitGroup', '{"default":[0,2]}');
    await setOption(f.root, 'ModelRequestRateLimitEnabled', 'true');
    const user = await seedUser(f.gw, { username: 'grouped', quota: 1_000_000 });
    const { key } = await addToken(user);
    expect((await chat(f.gw.url, key)).status).toBe(200);
    expect((await chat(f.gw.url, key)).status).toBe(200);
    const third = await chat(f.gw.url, key);
    expect(third.status).toBe(429);
    expect(((await third.json()) as { error: { message: string } }).error.message).toContain('您已达到请求数限制：1分钟内最多请求2次');
    await setOption(f.root, 'ModelRequestRateLimitEnabled', 'false');
    await setOption(f.root, 'ModelRequestRateLimitGroup', '{}');
  });

  it('refuses a prompt holding a listed word with 400 sensitive_words_detected, before any cost', async () => {
    await setOption(f.root, 'SensitiveWords', 'forbidden phrase\nsecret plan');
    await setOption(f.root, 'CheckSensitiveOnPromptEnabled', 'true');
    await setOption(f.root, 'CheckSensitiveEnabled', 'true');
    const user = await seedUser(f.gw, { username: 'prompter', quota: 1_000_000 });
    const { key } = await addToken(user);
    await f.mock.reset();
    const r = await chat(f.gw.url, key, { messages: [{ role: 'user', content: 'tell me the Secret Plan' }] });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'sensitive_words_detected', message: expect.stringContaining('sensitive words detected') });
    // the Claude format is checked too, in its own envelope
    const claude = await fetch(`${f.gw.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'gpt-4o-mini', max_tokens: 10, system: 'forbidden phrase', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(claude.status).toBe(400);
    expect(await claude.json()).toMatchObject({ type: 'error', error: { message: expect.stringContaining('sensitive words detected') } });
    expect(await f.mock.requests()).toHaveLength(0);
    expect(await ledger(f.gw, user.userId)).toMatchObject({ quota: 1_000_000, logs: 0 });
    expect((await chat(f.gw.url, key)).status).toBe(200);
  });

  it('masks a listed word in a streamed completion, even split across chunks, and stops there when asked', async () => {
    await setOption(f.root, 'CheckSensitiveOnPromptEnabled', 'false');
    await setOption(f.root, 'CheckSensitiveOnCompletionEnabled', 'true');
    await setOption(f.root, 'StopOnSensitiveEnabled', 'false');
    const read = async (chunks: number) => {
      const r = await chat(f.gw.url, rootKey, { stream: true, mock: { content: 'one two forbidden phrase three four', chunks } });
      const text = await r.text();
      const content = text
        .split('\n')
        .filter((l) => l.startsWith('data: {'))
        .map((l) => (JSON.parse(l.slice(6)) as { choices?: Array<{ delta?: { content?: string } }> }).choices?.[0]?.delta?.content ?? '')
        .join('');
      return { text, content };
    };
    const masked = await read(1);
    expect(masked.content).toBe('one two **###** three four');
    expect(masked.text.endsWith('data: [DONE]\n\n')).toBe(true);
    // split across chunks: what had gone out cannot be taken back, the word is cut where it completes
    const split = await read(12);
    expect(split.content).toContain('**###**');
    expect(split.content).not.toContain('forbidden phrase');
    expect(split.content.endsWith('three four')).toBe(true);
    await setOption(f.root, 'StopOnSensitiveEnabled', 'true');
    const stopped = await read(12);
    expect(stopped.content).toContain('**###**');
    expect(stopped.content).not.toContain('four');
    expect(stopped.text.endsWith('data: [DONE]\n\n')).toBe(true);
    await setOption(f.root, 'CheckSensitiveEnabled', 'false');
  });
});

describe.runIf(testDbKind() === 'postgres')('the model request rate limit across two nodes sharing Redis', () => {
  const REDIS = 'redis://127.0.0.1:6379/7';
  let a: TestGateway;
  let b: TestGateway;
  let mock: MockUpstreamProcess;

  beforeAll(async () => {
    const redis = new Redis(REDIS);
    await redis.flushdb();
    await redis.quit();
    a = await startGateway({ REDIS_CONN_STRING: REDIS });
    b = await startGateway({ REDIS_CONN_STRING: REDIS }, { databaseUrl: a.databaseUrl! });
    mock = await startMockUpstreamProcess();
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await mock?.stop();
  });

  it('counts one user\'s requests on both nodes against one limit', async () => {
    const root = await setupRoot(a);
    const f = { gw: a, mock, root, stop: async () => {} } as RelayFixture;
    await addChannel(f);
    await setOption(root, 'ModelRequestRateLimitCount', '3');
    await setOption(root, 'ModelRequestRateLimitEnabled', 'true');
    const { key } = await addToken(root, { unlimited_quota: true });
    // node B hears of the option and the channel through PostgreSQL's notifications
    await new Promise((r) => setTimeout(r, 1500));
    const statuses = [];
    for (const gw of [a, b, a, b]) statuses.push((await chat(gw.url, key)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
