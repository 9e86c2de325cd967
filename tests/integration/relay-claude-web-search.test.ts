import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeChecker } from '../support/charge-check.js';
import { addChannel, addToken, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

const SONNET = 'claude-3-7-sonnet-20250219';
/** served by a channel whose mock key runs one web search for every request */
const SEARCHING = 'claude-sonnet-4-20250514';
const WEB_SEARCH_TOOL = { type: 'web_search_20250305', name: 'web_search', max_uses: 5 } as const;
const HEAD = '模型倍率 1.25，补全倍率 5.00，分组倍率 1.00';

/**
 * Anthropic's server-side web search billed per call on top of the tokens, $10 per 1 000 × 500 000 quota per
 * dollar at group ratio 1: 5 000 a search. The mock answers 10 input and 20 output tokens; at ModelRatio 1.25
 * (set here) and Claude's CompletionRatio 5 the tokens cost (10 + 20 × 5) × 1.25 = 137.5, which a Messages
 * client pays truncated (new-api's Claude float maths: 137) and an OpenAI client rounded (exact decimals: 138),
 * the searches added before either.
 */
describe("Claude's web search", () => {
  let f: RelayFixture;
  let token: { key: string; id: number };
  let claude: Anthropic;
  let openai: OpenAI;

  const { charges } = chargeChecker(() => f, () => token.id);

  beforeAll(async () => {
    f = await startRelayFixture();
    await addChannel(f, { type: 14, models: SONNET });
    await addChannel(f, { type: 14, models: SEARCHING, key: 'mock-web-search-calls-1' });
    const r = await f.root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ [SONNET]: 1.25, [SEARCHING]: 1.25 }) });
    expect(r.body.success).toBe(true);
    token = await addToken(f.root, { remain_quota: 10_000_000 });
    claude = new Anthropic({ apiKey: token.key, baseURL: f.gw.url, maxRetries: 0 });
    openai = new OpenAI({ apiKey: token.key, baseURL: `${f.gw.url}/v1`, maxRetries: 0 });
  });
  afterAll(() => f?.stop());

  it('bills each search of a non-stream /v1/messages answer on top of the truncated Claude formula', async () => {
    const body = { model: SONNET, max_tokens: 100, messages: [{ role: 'user' as const, content: 'news?' }], tools: [WEB_SEARCH_TOOL], mock: { web_search_calls: 2 } };
    // 137.5 + 2 × $10 / 1 000 × 500 000 = 10 137.5 → 10 137
    const log = await charges(
      async () => {
        const message = await claude.messages.create(body);
        expect(message.content.map((b) => b.type)).toEqual(['server_tool_use', 'web_search_tool_result', 'server_tool_use', 'web_search_tool_result', 'text']);
        expect(message.usage.server_tool_use).toEqual({ web_search_requests: 2 });
      },
      SONNET,
      10_137,
    );
    expect(log.content).toBe(`${HEAD}, Claude Web Search 调用 2 次，调用花费 10000`);
    expect(log.other).toMatchObject({ claude: true, web_search: true, web_search_call_count: 2, web_search_price: 10 });
    const keys = Object.keys(log.other);
    expect(keys).toEqual([...keys].sort());
  });

  it("bills the searches of a /v1/messages stream's message_delta", async () => {
    const body = { model: SONNET, max_tokens: 100, messages: [{ role: 'user' as const, content: 'news?' }], tools: [WEB_SEARCH_TOOL], mock: { web_search_calls: 1 } };
    // 137.5 + 5 000 → 5 137
    const log = await charges(
      async () => {
        const message = await claude.messages.stream(body).finalMessage();
        expect(message.usage.server_tool_use).toEqual({ web_search_requests: 1 });
        expect(message.content.at(-1)).toMatchObject({ type: 'text', text: 'Hello from mock upstream.' });
      },
      SONNET,
      5_137,
    );
    expect(log.content).toBe(`${HEAD}, Claude Web Search 调用 1 次，调用花费 5000`);
    expect(log.other).toMatchObject({ web_search: true, web_search_call_count: 1, web_search_price: 10 });
  });

  it('bills the searches of a Claude channel behind an OpenAI chat stream, on the exact decimal path', async () => {
    // 137.5 + 5 000 = 5 137.5 → 5 138
    const log = await charges(
      async () => {
        const stream = await openai.chat.completions.create({ model: SEARCHING, messages: [{ role: 'user', content: 'news?' }], stream: true, stream_options: { include_usage: true } });
        let text = '';
        for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
        expect(text).toBe('Hello from mock upstream.');
      },
      SEARCHING,
      5_138,
    );
    expect(log.content).toBe(`${HEAD}, Claude Web Search 调用 1 次，调用花费 5000`);
    expect(log.other).toMatchObject({ web_search: true, web_search_call_count: 1, web_search_price: 10 });
    expect(log.other).not.toHaveProperty('claude');
  });

  it('bills the searches of a Claude channel behind a non-stream OpenAI chat completion', async () => {
    const log = await charges(
      async () => {
        const res = await openai.chat.completions.create({ model: SEARCHING, messages: [{ role: 'user', content: 'news?' }] });
        expect(res.choices[0]?.message.content).toBe('Hello from mock upstream.');
      },
      SEARCHING,
      5_138,
    );
    expect(log.content).toBe(`${HEAD}, Claude Web Search 调用 1 次，调用花费 5000`);
  });

  it('adds nothing when the answer reports no search, though the tool was declared', async () => {
    const body = { model: SONNET, max_tokens: 100, messages: [{ role: 'user' as const, content: 'hi' }], tools: [WEB_SEARCH_TOOL] };
    const log = await charges(
      async () => {
        const message = await claude.messages.create(body);
        expect(message.usage.server_tool_use ?? null).toBeNull();
      },
      SONNET,
      137,
    );
    expect(log.content).toBe(HEAD);
    expect(log.other).not.toHaveProperty('web_search');
    expect(log.other).not.toHaveProperty('web_search_call_count');
  });
});
