import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel, addToken, consumeLogBook, type RelayFixture, startRelayFixture } from '../support/relay-fixture.js';
import { RecordingListener, type JsonAnswer, type Seen } from '../support/recording-listener.js';
import { seedUser } from '../support/seed-rows.js';

/** ChatGPT's Codex search endpoint: a live token and its account, or 401. */
class CodexSearchMock extends RecordingListener {
  protected route(req: IncomingMessage, _res: ServerResponse, { path, body }: Seen, json: JsonAnswer): void {
    if (req.method !== 'POST' || path !== '/backend-api/codex/alpha/search') return json(404, { detail: 'not found' });
    if (req.headers.authorization !== 'Bearer at-live' || req.headers['chatgpt-account-id'] !== 'acct-1') return json(401, { detail: 'Unauthorized' });
    json(200, { object: 'search.result', query: (JSON.parse(body) as { query?: string }).query, results: [] });
  }
}

/**
 * The consume log of a Codex /v1/alpha/search: no usage comes back, so new-api bills one web_search_preview
 * call at its tool price for the client's model ($10 per 1 000, $25 for gpt-4o* / gpt-4.1*) × 500 000 per
 * dollar, and writes the web search keys into `other`.
 */
describe('/v1/alpha/search consume logs', () => {
  let f: RelayFixture;
  const mock = new CodexSearchMock();
  let userId: number;
  let key: string;
  const { charged } = consumeLogBook(() => f.gw, () => userId, { exact: true });
  const lastOther = async () => {
    const [row] = await f.gw.sql<{ other: string; content: string; prompt_tokens: number; completion_tokens: number }[]>`SELECT other, content, prompt_tokens, completion_tokens FROM logs WHERE user_id = ${userId} AND type = 2 ORDER BY id DESC LIMIT 1`;
    return { ...row!, other: JSON.parse(row!.other) as Record<string, unknown> };
  };
  const search = (model: string) =>
    fetch(`${f.gw.url}/v1/alpha/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, query: 'ferryman' }),
    });

  beforeAll(async () => {
    await mock.start();
    f = await startRelayFixture();
    const codexKey = JSON.stringify({ type: 'codex', account_id: 'acct-1', email: 'dev@example.com', access_token: 'at-live', refresh_token: 'rt-live', expired: '2099-01-01T00:00:00Z' });
    await addChannel(f, { type: 57, base_url: mock.url, key: codexKey, models: 'gpt-5,gpt-4o' });
    expect((await f.root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'gpt-5': 1, 'gpt-4o': 1.25 }) })).body.success).toBe(true);
    const user = await seedUser(f.gw, { username: 'alpha-search-user', quota: 10_000_000 });
    userId = user.userId;
    key = (await addToken(user, { unlimited_quota: true })).key;
  });
  afterAll(async () => {
    await f?.stop();
    await mock.stop();
  });

  it.each([
    // $10 per 1 000 calls × 500 000
    ['gpt-5', 10, 5_000],
    // the gpt-4o family: $25 per 1 000 calls
    ['gpt-4o', 25, 12_500],
  ] as const)('logs one web search call of %s at $%d per 1 000 and charges it', async (model, price, quota) => {
    const res = await search(model);
    expect(res.status).toBe(200);
    await charged(quota, model);
    const row = await lastOther();
    expect(row).toMatchObject({ prompt_tokens: 0, completion_tokens: 0 });
    expect(row.other).toMatchObject({ web_search: true, web_search_call_count: 1, web_search_price: price });
    // the surcharge's text after the ratios, as new-api's post-consume appends it
    expect(row.content).toMatch(new RegExp(`^模型倍率 .*, Web Search 调用 1 次，上下文大小 medium，调用花费 ${quota}$`));
    // the keys take their place in Go's sorted order
    const keys = Object.keys(row.other);
    expect(keys).toEqual([...keys].sort());
  });
});
