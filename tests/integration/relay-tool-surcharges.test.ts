import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeChecker } from '../support/charge-check.js';
import { addChannel, addToken, ledger, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

const REFUSAL = /^invalid search_context_size, must be one of: high, medium, low \(request id: \w+\)$/;

/**
 * Web and file search calls billed on top of the tokens (new-api's postConsumeQuota), × 500 000 quota per
 * dollar at group ratio 1. The mock answers 10 prompt and 20 completion tokens, so with the default ratios:
 * - gpt-4o (ModelRatio 1.25, CompletionRatio 4): (10 + 20 × 4) × 1.25 = 112.5;
 * - gpt-4o-mini-search-preview (ModelRatio 0.075, set here: no default; CompletionRatio 4 as every gpt-4o*):
 *   (10 + 20 × 4) × 0.075 = 6.75;
 * the surcharges are added before the sum is rounded half away from zero.
 */
describe('built-in tool call surcharges', () => {
  let f: RelayFixture;
  let token: { key: string; id: number };
  let client: OpenAI;

  const { charges, tokenRemain } = chargeChecker(() => f, () => token.id);

  beforeAll(async () => {
    f = await startRelayFixture();
    await addChannel(f, { models: 'gpt-4o,gpt-4o-mini-search-preview' });
    const r = await f.root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'gpt-4o': 1.25, 'gpt-4o-mini-search-preview': 0.075 }) });
    expect(r.body.success).toBe(true);
    token = await addToken(f.root, { remain_quota: 10_000_000 });
    client = new OpenAI({ apiKey: token.key, baseURL: `${f.gw.url}/v1`, maxRetries: 0 });
  });
  afterAll(() => f?.stop());

  it('bills each web_search_call of a non-stream Responses answer at the declared context size', async () => {
    const body = { model: 'gpt-4o', input: 'hi', tools: [{ type: 'web_search_preview', search_context_size: 'high' }], mock: { web_search_calls: 2 } };
    // 112.5 + 2 calls × $50 / 1 000 × 500 000 = 112.5 + 50 000 → 50 113
    const log = await charges(
      async () => {
        const res = (await client.responses.create(body as unknown as OpenAI.Responses.ResponseCreateParamsNonStreaming)) as OpenAI.Responses.Response;
        expect(res.output.filter((item) => item.type === 'web_search_call')).toHaveLength(2);
      },
      'gpt-4o',
      50_113,
    );
    expect(log.content).toBe('模型倍率 1.25，补全倍率 4.00，分组倍率 1.00, Web Search 调用 2 次，上下文大小 high，调用花费 50000');
    expect(log.other).toMatchObject({ web_search: true, web_search_call_count: 2, web_search_price: 50 });
    expect(log.other).not.toHaveProperty('file_search');
    const keys = Object.keys(log.other);
    expect(keys).toEqual([...keys].sort());
  });

  it('bills the file_search_call items listed by a streamed response.completed', async () => {
    const body = { model: 'gpt-4o', input: 'hi', stream: true, tools: [{ type: 'file_search', vector_store_ids: ['vs_1'] }], mock: { file_search_calls: 1 } };
    // 112.5 + 1 call × $2.5 / 1 000 × 500 000 = 112.5 + 1 250 → 1 363
    const log = await charges(
      async () => {
        const stream = (await client.responses.create(body as unknown as OpenAI.Responses.ResponseCreateParamsStreaming)) as AsyncIterable<OpenAI.Responses.ResponseStreamEvent>;
        let completed: OpenAI.Responses.Response | null = null;
        for await (const ev of stream) if (ev.type === 'response.completed') completed = ev.response;
        expect(completed?.output.map((item) => item.type)).toEqual(['file_search_call', 'message']);
      },
      'gpt-4o',
      1_363,
    );
    expect(log.content).toBe('模型倍率 1.25，补全倍率 4.00，分组倍率 1.00, File Search 调用 1 次，调用花费 1250');
    expect(log.other).toMatchObject({ file_search: true, file_search_call_count: 1, file_search_price: 2.5 });
  });

  it('bills nothing extra for a declared web_search_preview tool the model did not call', async () => {
    const body = { model: 'gpt-4o', input: 'hi', tools: [{ type: 'web_search_preview' }] };
    // 112.5 → 113
    const log = await charges(
      async () => {
        await client.responses.create(body as unknown as OpenAI.Responses.ResponseCreateParamsNonStreaming);
      },
      'gpt-4o',
      113,
    );
    expect(log.content).toBe('模型倍率 1.25，补全倍率 4.00，分组倍率 1.00');
    expect(log.other).not.toHaveProperty('web_search');
  });

  it('bills one web search call for a chat search-preview model at web_search_options.search_context_size', async () => {
    // 6.75 + 1 call × $25 / 1 000 × 500 000 (a mini: the lower price, low size) = 6.75 + 12 500 → 12 507
    const log = await charges(
      async () => {
        const res = await client.chat.completions.create({ model: 'gpt-4o-mini-search-preview', messages: [{ role: 'user', content: 'hi' }], web_search_options: { search_context_size: 'low' } });
        expect(res.choices[0]?.message.content).toBe('Hello from mock upstream.');
      },
      'gpt-4o-mini-search-preview',
      12_507,
    );
    expect(log.content).toBe('模型倍率 0.07，补全倍率 4.00，分组倍率 1.00, Web Search 调用 1 次，上下文大小 low，调用花费 12500');
    expect(log.other).toMatchObject({ web_search: true, web_search_call_count: 1, web_search_price: 25 });
  });

  it('refuses an unknown search_context_size with a 400 before any cost or upstream call', async () => {
    const before = await ledger(f.gw, f.root.userId);
    const remainBefore = await tokenRemain();
    await f.mock.reset();
    const res = await fetch(`${f.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini-search-preview', messages: [{ role: 'user', content: 'hi' }], web_search_options: { search_context_size: 'huge' } }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: Record<string, unknown> };
    // the OpenAI envelope, its message ending in the request id as every relay error's does
    expect(body.error).toMatchObject({ message: expect.stringMatching(REFUSAL), type: 'invalid_request_error', code: 'invalid_request' });
    // the same for a Responses tool
    const responses = await fetch(`${f.gw.url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', input: 'hi', tools: [{ type: 'web_search_preview', search_context_size: 'huge' }] }),
    });
    expect(responses.status).toBe(400);
    expect(((await responses.json()) as { error: { message: string } }).error.message).toMatch(REFUSAL);
    await new Promise((r) => setTimeout(r, 300));
    expect(await f.mock.requests()).toEqual([]);
    expect(await ledger(f.gw, f.root.userId)).toEqual(before);
    expect(await tokenRemain()).toBe(remainBefore);
  });
});
