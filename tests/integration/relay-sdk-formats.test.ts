import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonDirectiveKey } from '../../bench/mock/mock-directives.js';
import { eventually } from '../support/console-client.js';
import { addChannel, addToken, ledger, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { seedUser } from '../support/seed-rows.js';

const TEXT = 'Hello from mock upstream.';
const MODELS = ['house-gpt', 'house-gpt-cache', 'house-compat', 'house-claude', 'claude-tools', 'claude-cache', 'gemini-2.5-flash', 'gemini-embedding-001'];
const WEATHER = { name: 'get_weather', arguments: { city: 'Paris' } };

interface LogRow {
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  other: string;
}

/**
 * The official SDKs of each format against Ferryman, which talks to mock upstreams of each dialect. Every
 * model has ratio 1 and completion ratio 2, so the mock's default usage (10 prompt, 20 completion tokens)
 * costs exactly 50 whatever the pair; cache reads cost 0.1 and writes 1.25 (Claude's formula).
 */
describe('client SDKs of every format through the relay seam', () => {
  let f: RelayFixture;
  let key: string;
  let userId: number;
  const expected: number[] = [];

  const logs = async (n: number): Promise<LogRow[]> =>
    eventually(
      () => f.gw.sql<LogRow[]>`SELECT model_name, quota, prompt_tokens, completion_tokens, other FROM logs WHERE user_id = ${userId} AND type = 2 ORDER BY id`,
      (rows) => rows.length >= n,
    );
  /** The charge of the request just made, checked to the unit, and remembered for the closing ledger check. */
  const charged = async (quota: number, model: string): Promise<LogRow> => {
    expected.push(quota);
    const row = (await logs(expected.length))[expected.length - 1]!;
    expect(row).toMatchObject({ model_name: model, quota });
    return row;
  };

  beforeAll(async () => {
    f = await startRelayFixture();
    await addChannel(f, { type: 1, models: 'house-gpt' });
    await addChannel(f, { type: 1, models: 'house-gpt-cache', key: jsonDirectiveKey({ cached_tokens: 4, reasoning_tokens: 6 }) });
    // DeepSeek (type 43) speaks OpenAI's chat but not /v1/responses, so it gets chat completions.
    await addChannel(f, { type: 43, models: 'house-compat' });
    await addChannel(f, { type: 14, models: 'house-claude' });
    await addChannel(f, { type: 14, models: 'claude-tools', key: jsonDirectiveKey({ tool_calls: [WEATHER] }) });
    await addChannel(f, { type: 14, models: 'claude-cache', key: jsonDirectiveKey({ cached_tokens: 100, cache_creation_tokens: 40 }) });
    await addChannel(f, { type: 24, models: 'gemini-2.5-flash,gemini-embedding-001' });
    for (const [k, v] of [
      ['ModelRatio', Object.fromEntries(MODELS.map((m) => [m, 1]))],
      ['CompletionRatio', Object.fromEntries(MODELS.map((m) => [m, 2]))],
      ['CacheRatio', { 'claude-cache': 0.1, 'house-gpt-cache': 0.5 }],
    ] as const) {
      const r = await f.root.put('/api/option/', { key: k, value: JSON.stringify(v) });
      expect(r.body.success).toBe(true);
    }
    const user = await seedUser(f.gw, { username: 'sdk-user', quota: 1_000_000 });
    userId = user.userId;
    key = (await addToken(user, { unlimited_quota: true })).key;
  });
  afterAll(() => f?.stop());

  describe('@anthropic-ai/sdk', () => {
    const claude = () => new Anthropic({ apiKey: key, baseURL: f.gw.url, maxRetries: 0 });

    it.each([
      ['an Anthropic channel (bytes through)', 'house-claude'],
      ['an OpenAI channel (translated)', 'house-gpt'],
      ['a Gemini channel (translated through the hub)', 'gemini-2.5-flash'],
    ])('creates a message on %s', async (_name, model) => {
      const msg = await claude().messages.create({ model, max_tokens: 64, system: 'be brief', messages: [{ role: 'user', content: 'hi' }] });
      expect(msg.content).toEqual([expect.objectContaining({ type: 'text', text: TEXT })]);
      expect(msg.stop_reason).toBe('end_turn');
      expect(msg.usage).toMatchObject({ input_tokens: 10, output_tokens: 20 });
      await charged(50, model);
    });

    it.each([
      ['an Anthropic channel', 'house-claude'],
      ['an OpenAI channel', 'house-gpt'],
      ['a Gemini channel', 'gemini-2.5-flash'],
    ])('streams a message from %s', async (_name, model) => {
      const stream = claude().messages.stream({ model, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
      let deltas = '';
      stream.on('text', (t) => (deltas += t));
      const msg = await stream.finalMessage();
      expect(deltas).toBe(TEXT);
      expect(msg.usage.output_tokens).toBe(20);
      await charged(50, model);
    });

    it('round-trips a tool call: tool_use out, tool_result back to the upstream', async () => {
      const tools = [{ name: 'get_weather', description: 'weather', input_schema: { type: 'object' as const, properties: { city: { type: 'string' } } } }];
      const first = await claude().messages.create({ model: 'claude-tools', max_tokens: 64, tools, messages: [{ role: 'user', content: 'weather in Paris?' }] });
      const use = first.content.find((b) => b.type === 'tool_use');
      expect(first.stop_reason).toBe('tool_use');
      expect(use).toMatchObject({ name: 'get_weather', input: { city: 'Paris' } });
      await charged(50, 'claude-tools');
      await f.mock.reset();
      await claude().messages.create({
        model: 'claude-tools',
        max_tokens: 64,
        tools,
        messages: [
          { role: 'user', content: 'weather in Paris?' },
          { role: 'assistant', content: first.content },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: use!.type === 'tool_use' ? use!.id : '', content: 'sunny' }] },
        ],
      });
      const [sent] = await f.mock.requests();
      expect(JSON.stringify(sent!.body)).toContain(`"tool_use_id":"${use!.type === 'tool_use' ? use!.id : ''}"`);
      await charged(50, 'claude-tools');
    });

    it('bills cache reads and writes by Claude\'s formula, and logs input without the cache', async () => {
      const msg = await claude().messages.create({ model: 'claude-cache', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
      expect(msg.usage).toMatchObject({ input_tokens: 10, cache_read_input_tokens: 100, cache_creation_input_tokens: 40 });
      // 10 + 100 × 0.1 + 40 × 1.25 + 20 × 2
      const row = await charged(110, 'claude-cache');
      expect(row.prompt_tokens).toBe(10);
      expect(JSON.parse(row.other)).toMatchObject({ claude: true, cache_tokens: 100, cache_creation_tokens: 40, cache_creation_ratio: 1.25 });
    });

    it('counts tokens locally, free, for Claude Code', async () => {
      await f.mock.reset();
      const r = await claude().messages.countTokens({ model: 'house-claude', messages: [{ role: 'user', content: 'hello there, how are you?' }] });
      expect(r.input_tokens).toBeGreaterThan(5);
      expect(await f.mock.requests()).toHaveLength(0);
    });

    it('lists the token\'s models in Anthropic\'s shape', async () => {
      const page = await claude().models.list();
      expect(page.data.map((m) => m.id)).toEqual(expect.arrayContaining(['house-claude', 'house-gpt']));
      expect(page.data[0]).toMatchObject({ type: 'model' });
    });

    it('answers a malformed body with Anthropic\'s error envelope and status, costing nothing', async () => {
      const r = await fetch(`${f.gw.url}/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'house-claude', messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('max_tokens') } });
    });
  });

  describe('@google/genai', () => {
    const gemini = () => new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: f.gw.url } });

    it.each([
      ['a Gemini channel (bytes through)', 'gemini-2.5-flash'],
      ['an OpenAI channel (translated)', 'house-gpt'],
      ['an Anthropic channel (translated through the hub)', 'house-claude'],
    ])('generates content on %s', async (_name, model) => {
      const r = await gemini().models.generateContent({ model, contents: 'hi', config: { systemInstruction: 'be brief' } });
      expect(r.text).toBe(TEXT);
      expect(r.usageMetadata).toMatchObject({ promptTokenCount: 10, candidatesTokenCount: 20 });
      await charged(50, model);
    });

    it.each([
      ['a Gemini channel', 'gemini-2.5-flash'],
      ['an OpenAI channel', 'house-gpt'],
      ['an Anthropic channel', 'house-claude'],
    ])('streams content from %s', async (_name, model) => {
      let text = '';
      for await (const chunk of await gemini().models.generateContentStream({ model, contents: 'hi' })) text += chunk.text ?? '';
      expect(text).toBe(TEXT);
      await charged(50, model);
    });

    it('counts tokens locally and embeds on a Gemini channel', async () => {
      await f.mock.reset();
      const count = await gemini().models.countTokens({ model: 'gemini-2.5-flash', contents: 'hello there, how are you?' });
      expect(count.totalTokens).toBeGreaterThan(3);
      expect(await f.mock.requests()).toHaveLength(0);
      const e = await gemini().models.embedContent({ model: 'gemini-embedding-001', contents: 'hello' });
      expect(e.embeddings?.[0]?.values?.length).toBeGreaterThan(0);
      // Gemini reports no usage for embeddings: the prompt is counted locally and billed at ratio 1
      const [row] = (await logs(expected.length + 1)).slice(-1);
      expect(row!.model_name).toBe('gemini-embedding-001');
      expect(row!.quota).toBe(row!.prompt_tokens);
      expected.push(row!.quota);
    });

    it('never forwards the client\'s ?key= upstream, and sends the channel key as x-goog-api-key', async () => {
      await f.mock.reset();
      const r = await fetch(`${f.gw.url}/v1beta/models/gemini-2.5-flash:generateContent?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
      });
      expect(r.status).toBe(200);
      const [sent] = await f.mock.requests();
      expect(new URLSearchParams(sent!.query).has('key')).toBe(false);
      expect(sent!.headers['x-goog-api-key']).toBe('mock-ok');
      expect(JSON.stringify(sent)).not.toContain(key.slice(3));
      await charged(50, 'gemini-2.5-flash');
    });

    it('answers a malformed body in Google\'s error shape, costing nothing', async () => {
      const r = await fetch(`${f.gw.url}/v1beta/models/gemini-2.5-flash:generateContent`, {
        method: 'POST',
        headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ contents: 'not a list' }),
      });
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    });

    it('lists the token\'s models in Google\'s shape', async () => {
      const r = await fetch(`${f.gw.url}/v1beta/models`, { headers: { 'x-goog-api-key': key } });
      const body = (await r.json()) as { models: Array<{ name: string }> };
      expect(body.models.map((m) => m.name)).toEqual(expect.arrayContaining(['models/gemini-2.5-flash', 'models/house-claude']));
    });
  });

  describe('openai (Responses and chat)', () => {
    const openai = () => new OpenAI({ apiKey: key, baseURL: `${f.gw.url}/v1`, maxRetries: 0 });

    it.each([
      ['an Anthropic channel', 'house-claude'],
      ['a Gemini channel', 'gemini-2.5-flash'],
    ])('creates a response on %s (Responses ↔ chat translation)', async (_name, model) => {
      const r = await openai().responses.create({ model, input: 'hi', instructions: 'be brief' });
      expect(r.output_text).toBe(TEXT);
      expect(r.usage).toMatchObject({ input_tokens: 10, output_tokens: 20 });
      await charged(50, model);
    });

    it('streams a response from an Anthropic channel', async () => {
      const stream = openai().responses.stream({ model: 'house-claude', input: 'hi' });
      let deltas = '';
      stream.on('response.output_text.delta', (e) => (deltas += e.delta));
      const final = await stream.finalResponse();
      expect(deltas).toBe(TEXT);
      expect(final.status).toBe('completed');
      expect(final.usage?.output_tokens).toBe(20);
      await charged(50, 'house-claude');
    });

    it('passes a response through to an OpenAI channel, which serves /v1/responses itself', async () => {
      await f.mock.reset();
      const r = await openai().responses.create({ model: 'house-gpt', input: 'hi', instructions: 'be brief' });
      expect(r.id).toMatch(/^resp_mock_/);
      expect(r.output_text).toBe(TEXT);
      const [sent] = await f.mock.requests();
      expect(sent).toMatchObject({ path: '/v1/responses', body: { model: 'house-gpt', input: 'hi', instructions: 'be brief' } });
      await charged(50, 'house-gpt');
    });

    it('streams a passed-through response and bills cached tokens from response.completed', async () => {
      const stream = openai().responses.stream({ model: 'house-gpt-cache', input: 'hi' });
      let deltas = '';
      stream.on('response.output_text.delta', (e) => (deltas += e.delta));
      const final = await stream.finalResponse();
      expect(deltas).toBe(TEXT);
      expect(final.usage).toMatchObject({ input_tokens: 10, input_tokens_details: { cached_tokens: 4 }, output_tokens_details: { reasoning_tokens: 6 } });
      // 6 uncached + 4 cached × 0.5 + 20 completion × 2
      const row = await charged(48, 'house-gpt-cache');
      expect(row).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
      expect(JSON.parse(row.other)).toMatchObject({ cache_tokens: 4, cache_ratio: 0.5 });
    });

    it('translates a response to chat completions for an OpenAI-compatible host', async () => {
      await f.mock.reset();
      const r = await openai().responses.create({ model: 'house-compat', input: 'hi' });
      expect(r.output_text).toBe(TEXT);
      const [sent] = await f.mock.requests();
      expect(sent?.path).toBe('/v1/chat/completions');
      await charged(50, 'house-compat');
    });

    it('answers 501 for stored responses, which only the upstream that made them holds', async () => {
      for (const path of ['/v1/responses/resp_1', '/v1/responses/resp_1/input_items']) {
        const r = await fetch(`${f.gw.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
        expect(r.status).toBe(501);
        expect(await r.json()).toMatchObject({ error: { code: 'api_not_implemented' } });
      }
    });

    it('calls tools on an Anthropic channel through chat completions', async () => {
      const r = await openai().chat.completions.create({
        model: 'claude-tools',
        messages: [{ role: 'user', content: 'weather in Paris?' }],
        tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
      });
      const call = r.choices[0]!.message.tool_calls?.[0];
      expect(r.choices[0]!.finish_reason).toBe('tool_calls');
      expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });
      await charged(50, 'claude-tools');
    });

    it('streams chat from a Gemini channel with the usage chunk asked for', async () => {
      const stream = await openai().chat.completions.create({ model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
      let text = '';
      let usage: OpenAI.CompletionUsage | null | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        if (chunk.usage) usage = chunk.usage;
      }
      expect(text).toBe(TEXT);
      expect(usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
      await charged(50, 'gemini-2.5-flash');
    });
  });

  it('balances the ledger: every charge logged, and the balance down by exactly their sum', async () => {
    const total = expected.reduce((a, b) => a + b, 0);
    const l = await ledger(f.gw, userId, (v) => v.logs === expected.length && v.quota + v.charged === 1_000_000);
    expect(l.charged).toBe(total);
    expect(l.quota).toBe(1_000_000 - total);
  });
});
