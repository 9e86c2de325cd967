import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel, addToken, type ChannelSpec, consumeLogBook, ledger, priceModels, readChatStream, type RelayFixture, startRelayFixture } from '../support/relay-fixture.js';
import { seedUser } from '../support/seed-rows.js';

const TEXT = 'Hello from mock upstream.';
// each relay thread holds its own token cache: a Baidu key's token is fetched at most once per thread
const THREADS = 2;
const MODELS = ['hunyuan-lite', 'hunyuan-bad-signer', 'dify', 'coze-bot', 'm3e-base', 'ERNIE-3.5-8K', 'Embedding-V1', 'ERNIE-bad-secret', 'coze-bad-token', 'hunyuan-tuned', 'ERNIE-tuned', 'chatglm_turbo', 'chatglm-bad'];

/**
 * Providers with their own protocol (core/providers/hub-adapter.ts) behind the relay: Tencent Hunyuan (TC3
 * signed, the mock recomputes the signature), Baidu v1 (access_token fetched by the row's authorize step),
 * Dify, Coze and MokaAI. The clients speak OpenAI or Anthropic;
 * the relay goes through the OpenAI hub. Ratio 1 and completion ratio 2: the mocks' usage (10 prompt, 20
 * completion tokens) costs 50 a chat, 10 an embedding.
 */
describe('own-protocol provider channels', () => {
  let f: RelayFixture;
  let client: OpenAI;
  let claude: Anthropic;
  let userId: number;
  const { expected, charged } = consumeLogBook(() => f.gw, () => userId, { exact: true });
  const lastSent = async () => (await f.mock.requests()).at(-1)!;
  const streamText = async (model: string) => {
    const stream = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    return readChatStream(stream);
  };

  beforeAll(async () => {
    f = await startRelayFixture({ FERRYMAN_THREADS: String(THREADS) });
    const channels: Array<ChannelSpec & { other?: string; param_override?: string }> = [
      { type: 23, key: '1300000000|AKIDmockSecretId|mock-secret-key', models: 'hunyuan-lite' },
      // a SecretKey the mock does not know: the signature it recomputes differs
      { type: 23, key: '1300000000|AKIDmockSecretId|wrong-secret', models: 'hunyuan-bad-signer' },
      { type: 37, key: 'app-mock', models: 'dify' },
      { type: 49, key: 'pat_mock', models: 'coze-bot', other: '7350000000000000001' },
      // Coze refuses this token with one JSON body, even to a stream request
      { type: 49, key: 'not-a-token', models: 'coze-bad-token', other: '7350000000000000001' },
      { type: 44, key: 'moka-mock', models: 'm3e-base' },
      { type: 15, key: 'baidu-ak|baidu-mock-secret', models: 'ERNIE-3.5-8K,Embedding-V1' },
      { type: 15, key: 'baidu-ak2|not-the-secret', models: 'ERNIE-bad-secret' },
      { type: 16, key: 'zhipu-mock-id.zhipu-mock-secret', models: 'chatglm_turbo' },
      // an id.secret the mock did not issue: its JWT's signature does not verify
      { type: 16, key: 'zhipu-mock-id.wrong-secret', models: 'chatglm-bad' },
      // param_override in each provider's own vocabulary, laid over its converted body (Tencent's is signed again)
      { type: 23, key: '1300000000|AKIDmockSecretId|mock-secret-key', models: 'hunyuan-tuned', model_mapping: JSON.stringify({ 'hunyuan-tuned': 'hunyuan-lite' }), param_override: JSON.stringify({ Temperature: 0.2 }) },
      {
        type: 15,
        key: 'baidu-ak3|baidu-mock-secret',
        models: 'ERNIE-tuned',
        model_mapping: JSON.stringify({ 'ERNIE-tuned': 'ERNIE-3.5-8K' }),
        param_override: JSON.stringify({ penalty_score: 1.5, disable_search: true, temperature: 0.1 }),
      },
    ];
    for (const ch of channels) await addChannel(f, ch);
    await priceModels(f.root, MODELS);
    const user = await seedUser(f.gw, { username: 'hub-user', quota: 1_000_000 });
    userId = user.userId;
    const key = (await addToken(user, { unlimited_quota: true })).key;
    client = new OpenAI({ baseURL: `${f.gw.url}/v1`, apiKey: key, maxRetries: 0 });
    claude = new Anthropic({ apiKey: key, baseURL: f.gw.url, maxRetries: 0 });
  });
  afterAll(() => f?.stop());

  describe('Tencent Hunyuan', () => {
    it('answers a signed chat and bills its usage', async () => {
      const r = await client.chat.completions.create({ model: 'hunyuan-lite', messages: [{ role: 'user', content: 'hi' }] });
      expect(r.choices[0]!.message.content).toBe(TEXT);
      expect(r.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
      await charged(50, 'hunyuan-lite');
    });

    it('streams a signed chat, usage from its last event', async () => {
      expect(await streamText('hunyuan-lite')).toEqual({ text: TEXT, completion: 20 });
      await charged(50, 'hunyuan-lite');
    });

    it('serves a Claude client', async () => {
      const msg = await claude.messages.create({ model: 'hunyuan-lite', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
      expect(msg.content).toEqual([expect.objectContaining({ type: 'text', text: TEXT })]);
      expect(msg.usage).toMatchObject({ input_tokens: 10, output_tokens: 20 });
      await charged(50, 'hunyuan-lite');
    });

    it("gives the client Tencent's refusal of a wrong signature, and charges nothing", async () => {
      const err = await client.chat.completions.create({ model: 'hunyuan-bad-signer', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.APIError);
      expect((err as InstanceType<typeof OpenAI.APIError>).message).toContain('The provided credentials could not be validated.');
    });
  });

  describe('Baidu v1', () => {
    const tokenFetches = async () => (await f.mock.requests()).filter((r) => r.path === '/oauth/2.0/token' && r.query.includes('client_id=baidu-ak&')).length;

    it('fetches an access_token for APIKey|SecretKey, sends it to the model endpoint and bills the usage', async () => {
      const r = await client.chat.completions.create({ model: 'ERNIE-3.5-8K', messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'hi' }] });
      expect(r.choices[0]!.message.content).toBe(TEXT);
      const sent = await lastSent();
      expect(sent).toMatchObject({ path: '/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions', query: 'access_token=24.mock-baidu-ak', body: { system: 'be brief', messages: [{ role: 'user', content: 'hi' }] } });
      expect(await tokenFetches()).toBe(1);
      await charged(50, 'ERNIE-3.5-8K');
    });

    it('streams with the cached token (completion = total − prompt)', async () => {
      expect(await streamText('ERNIE-3.5-8K')).toEqual({ text: TEXT, completion: 20 });
      expect(await tokenFetches()).toBeLessThanOrEqual(THREADS);
      await charged(50, 'ERNIE-3.5-8K');
    });

    it('serves a Claude client', async () => {
      const msg = await claude.messages.create({ model: 'ERNIE-3.5-8K', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
      expect(msg.content).toEqual([expect.objectContaining({ type: 'text', text: TEXT })]);
      await charged(50, 'ERNIE-3.5-8K');
    });

    it('embeds with Embedding-V1', async () => {
      const r = await client.embeddings.create({ model: 'Embedding-V1', input: ['a', 'b', 'c'] });
      expect(r.data).toHaveLength(3);
      expect(await lastSent()).toMatchObject({ path: '/rpc/2.0/ai_custom/v1/wenxinworkshop/embeddings/embedding-v1', body: { input: ['a', 'b', 'c'] } });
      // four requests so far
      expect(await tokenFetches()).toBeLessThanOrEqual(THREADS);
      await charged(10, 'Embedding-V1');
    });

    it('refuses the request when the token endpoint refuses the key, and charges nothing', async () => {
      const err = await client.chat.completions.create({ model: 'ERNIE-bad-secret', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.APIError);
      expect((err as InstanceType<typeof OpenAI.APIError>).message).toContain('unknown client id');
      expect((await lastSent()).path).toBe('/oauth/2.0/token');
    });
  });

  describe('Zhipu v3', () => {
    it('invokes with the JWT of id.secret, the messages as prompt, and bills its usage', async () => {
      const r = await client.chat.completions.create({ model: 'chatglm_turbo', messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'hi' }], top_p: 1 });
      expect(r.choices[0]!.message.content).toBe(TEXT);
      expect(r.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
      const sent = await lastSent();
      expect(sent).toMatchObject({
        path: '/api/paas/v3/model-api/chatglm_turbo/invoke',
        body: { prompt: [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'Okay' }, { role: 'user', content: 'hi' }], top_p: 0.99 },
      });
      expect(sent.headers.authorization).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      await charged(50, 'chatglm_turbo');
    });

    it('streams from sse-invoke, usage from the finish event\'s meta', async () => {
      expect(await streamText('chatglm_turbo')).toEqual({ text: TEXT, completion: 20 });
      expect(await lastSent()).toMatchObject({ path: '/api/paas/v3/model-api/chatglm_turbo/sse-invoke', body: { incremental: true } });
      await charged(50, 'chatglm_turbo');
    });

    it('serves a Claude client, plain and streamed', async () => {
      const msg = await claude.messages.create({ model: 'chatglm_turbo', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
      expect(msg.content).toEqual([expect.objectContaining({ type: 'text', text: TEXT })]);
      expect(msg.usage).toMatchObject({ input_tokens: 10, output_tokens: 20 });
      await charged(50, 'chatglm_turbo');
      const final = await claude.messages.stream({ model: 'chatglm_turbo', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();
      expect(final.content).toEqual([expect.objectContaining({ type: 'text', text: TEXT })]);
      await charged(50, 'chatglm_turbo');
    });

    it.each([false, true])("gives the client Zhipu's refusal of a wrong secret (stream %s), and charges nothing", async (stream) => {
      const err = await (stream ? streamText('chatglm-bad') : client.chat.completions.create({ model: 'chatglm-bad', messages: [{ role: 'user', content: 'hi' }] })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.APIError);
      expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(401);
      expect((err as InstanceType<typeof OpenAI.APIError>).message).toContain('Authentication Token验证失败');
      expect((err as InstanceType<typeof OpenAI.APIError>).message).not.toContain('wrong-secret');
    });
  });

  describe('param_override', () => {
    it('is laid over the provider body: Baidu gets its own keys, the client value overwritten', async () => {
      const r = await client.chat.completions.create({ model: 'ERNIE-tuned', messages: [{ role: 'user', content: 'hi' }], temperature: 0.9 });
      expect(r.choices[0]!.message.content).toBe(TEXT);
      const sent = await lastSent();
      expect(sent).toMatchObject({ path: '/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions', body: { penalty_score: 1.5, disable_search: true, temperature: 0.1, messages: [{ role: 'user', content: 'hi' }] } });
      await charged(50, 'ERNIE-tuned');
    });

    it("keeps Tencent's TC3 signature valid over the overridden body, plain and streamed", async () => {
      const r = await client.chat.completions.create({ model: 'hunyuan-tuned', messages: [{ role: 'user', content: 'hi' }] });
      expect(r.choices[0]!.message.content).toBe(TEXT);
      await charged(50, 'hunyuan-tuned');
      expect(await streamText('hunyuan-tuned')).toEqual({ text: TEXT, completion: 20 });
      await charged(50, 'hunyuan-tuned');
    });
  });

  describe('Dify', () => {
    it('sends the last user message as the query with an end-user, blocking, and bills its usage', async () => {
      const r = await client.chat.completions.create({ model: 'dify', messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'first' }, { role: 'assistant', content: 'a' }, { role: 'user', content: 'second' }] });
      expect(r.choices[0]!.message.content).toBe(TEXT);
      const sent = await lastSent();
      expect(sent).toMatchObject({ path: '/v1/chat-messages', body: { query: 'second', response_mode: 'blocking', inputs: {} } });
      expect(sent.headers.authorization).toBe('Bearer app-mock');
      expect((sent.body as { user: string }).user).toMatch(/^chatcmpl-/);
      await charged(50, 'dify');
    });

    it('streams, usage from message_end', async () => {
      expect(await streamText('dify')).toEqual({ text: TEXT, completion: 20 });
      expect(await lastSent()).toMatchObject({ body: { response_mode: 'streaming' } });
      await charged(50, 'dify');
    });

    it('serves a Claude client', async () => {
      const msg = await claude.messages.create({ model: 'dify', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
      expect(msg.content).toEqual([expect.objectContaining({ type: 'text', text: TEXT })]);
      await charged(50, 'dify');
    });

    it("passes Dify's refusal on to the client and charges nothing", async () => {
      const err = await client.chat.completions.create({ model: 'dify', messages: [{ role: 'user', content: 'mock-error' }] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.APIError);
      expect((err as InstanceType<typeof OpenAI.APIError>).message).toContain('mock: the model refused');
    });
  });

  describe('Coze', () => {
    it("answers a non-stream client from the bot's stream read to its end, and bills its usage", async () => {
      const r = await client.chat.completions.create({ model: 'coze-bot', messages: [{ role: 'user', content: 'hi' }] });
      expect(r.choices[0]!.message.content).toBe(TEXT);
      expect(r.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
      const sent = await lastSent();
      expect(sent).toMatchObject({ path: '/v3/chat', body: { bot_id: '7350000000000000001', stream: true, additional_messages: [{ role: 'user', content: 'hi', content_type: 'text' }] } });
      expect(sent.headers.authorization).toBe('Bearer pat_mock');
      await charged(50, 'coze-bot');
    });

    it('streams, usage from conversation.chat.completed', async () => {
      expect(await streamText('coze-bot')).toEqual({ text: TEXT, completion: 20 });
      await charged(50, 'coze-bot');
    });

    it('serves a Claude client', async () => {
      const msg = await claude.messages.create({ model: 'coze-bot', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
      expect(msg.content).toEqual([expect.objectContaining({ type: 'text', text: TEXT })]);
      await charged(50, 'coze-bot');
    });

    it("gives a stream client Coze's JSON refusal as an error, and charges nothing", async () => {
      const err = await streamText('coze-bad-token').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.APIError);
      expect((err as InstanceType<typeof OpenAI.APIError>).message).toContain('authentication is invalid');
    });
  });

  describe('MokaAI', () => {
    it('embeds a list of strings at {base}/embeddings and bills the prompt', async () => {
      const r = await client.embeddings.create({ model: 'm3e-base', input: ['a', 'b'] });
      expect(r.data).toHaveLength(2);
      expect(r.model).toBe('m3e-base');
      expect(await lastSent()).toMatchObject({ path: '/embeddings', body: { input: ['a', 'b'], model: 'm3e-base' } });
      await charged(10, 'm3e-base');
    });

    it('refuses chat on an embeddings-only provider', async () => {
      const err = await client.chat.completions.create({ model: 'm3e-base', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.APIError);
      expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(400);
    });
  });

  it('charges the user exactly the logged sum (refusals cost nothing)', async () => {
    const total = expected.reduce((a, b) => a + b, 0);
    const l = await ledger(f.gw, userId, (v) => v.logs === expected.length && v.quota + v.charged === 1_000_000);
    expect(l).toMatchObject({ charged: total, used: total, quota: 1_000_000 - total });
  });
});
