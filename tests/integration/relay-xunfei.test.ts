import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockSpark, SPARK_TEXT, type MockSpark } from '../support/mock-spark.js';
import { addChannel, addToken, type ChannelSpec, consumeLogBook, ledger, priceModels, readChatStream, type RelayFixture, startRelayFixture } from '../support/relay-fixture.js';
import { seedUser } from '../support/seed-rows.js';

const TEXT = SPARK_TEXT.join('');
const MODELS = ['SparkDesk-v3.5', 'SparkDesk', 'spark-bad-signer', 'spark-audit-frame', 'spark-dies-early'];

type Balance = { whole: number; charged: number; logs: number };

/**
 * Xunfei Spark (type 18) behind the relay: a WebSocket upstream (core/providers/xunfei, sent through the
 * row's `transport`), here a mock on 127.0.0.1 that recomputes each upgrade's HMAC. Ratio 1 and completion
 * ratio 2: the mock's usage (10 prompt, 20 completion tokens) costs 50 a chat.
 */
describe('Xunfei Spark channels', () => {
  let f: RelayFixture;
  let spark: MockSpark;
  let client: OpenAI;
  let claude: Anthropic;
  let userId: number;
  let key: string;
  const ids: number[] = [];
  const { charged } = consumeLogBook(() => f.gw, () => userId, { exact: true });
  const lastSeen = () => spark.seen.at(-1)!;
  /**
   * The user's whole balance (the stored quota plus what is leased out of it to the relay's memory) beside
   * what the consume log charged, once batched writes (BATCH_UPDATE_INTERVAL 0.1 s in tests) have landed.
   */
  const balance = async () => {
    await new Promise((r) => setTimeout(r, 500));
    const [leased] = await f.gw.sql<{ n: number }[]>`SELECT COALESCE(sum(amount), 0)::bigint AS n FROM quota_leases WHERE kind = 'u' AND owner_id = ${userId}`;
    const l = await ledger(f.gw, userId);
    return { whole: l.quota + Number(leased!.n), charged: l.charged, logs: l.logs };
  };
  /** a refused request's reservation came back and nothing was logged */
  const unchanged = async (before: Balance) => expect(await balance()).toEqual(before);

  beforeAll(async () => {
    [f, spark] = await Promise.all([startRelayFixture(), startMockSpark({ 'mock-key': 'mock-secret' })]);
    const channels: Array<ChannelSpec & { other?: string }> = [
      { type: 18, key: 'mock-app|mock-secret|mock-key', models: 'SparkDesk-v3.5', base_url: spark.url },
      // a bare model name: the API version comes from the channel's `other`
      { type: 18, key: 'mock-app|mock-secret|mock-key', models: 'SparkDesk', base_url: spark.url, other: 'v2.1' },
      // an APISecret the mock does not know: the signature it recomputes differs
      { type: 18, key: 'mock-app|wrong-secret|mock-key', models: 'spark-bad-signer', base_url: spark.url },
      // channels of their own for the failures, so the breaker they trip keeps no other test from its channel
      { type: 18, key: 'mock-app|mock-secret|mock-key', models: 'spark-audit-frame', base_url: spark.url, other: 'v3.5' },
      { type: 18, key: 'mock-app|mock-secret|mock-key', models: 'spark-dies-early', base_url: spark.url, other: 'v3.5' },
    ];
    for (const ch of channels) ids.push(await addChannel(f, ch));
    await priceModels(f.root, MODELS);
    const user = await seedUser(f.gw, { username: 'spark-user', quota: 1_000_000 });
    userId = user.userId;
    key = (await addToken(user, { unlimited_quota: true })).key;
    client = new OpenAI({ baseURL: `${f.gw.url}/v1`, apiKey: key, maxRetries: 0 });
    claude = new Anthropic({ apiKey: key, baseURL: f.gw.url, maxRetries: 0 });
  });
  afterAll(async () => {
    await f?.stop();
    await spark?.close();
  });

  it('answers a chat over the signed socket and bills the last frame usage', async () => {
    const r = await client.chat.completions.create({ model: 'SparkDesk-v3.5', messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'hi' }], temperature: 0.5, max_tokens: 64 });
    expect(r.choices[0]!.message.content).toBe(TEXT);
    expect(r.choices[0]!.finish_reason).toBe('stop');
    expect(r.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 });
    expect(lastSeen()).toEqual({
      path: '/v3.5/chat',
      body: {
        header: { app_id: 'mock-app' },
        parameter: { chat: { domain: 'generalv3.5', temperature: 0.5, max_tokens: 64 } },
        payload: { message: { text: [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'hi' }] } },
      },
    });
    await charged(50, 'SparkDesk-v3.5');
  });

  it('streams the frames, usage from the last one', async () => {
    const stream = await client.chat.completions.create({ model: 'SparkDesk-v3.5', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    expect(await readChatStream(stream)).toEqual({ text: TEXT, completion: 20 });
    await charged(50, 'SparkDesk-v3.5');
  });

  it("takes a bare model's API version from the channel's other (v2.1: generalv2, system as a user turn)", async () => {
    const r = await client.chat.completions.create({ model: 'SparkDesk', messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'hi' }] });
    expect(r.choices[0]!.message.content).toBe(TEXT);
    expect(lastSeen()).toMatchObject({
      path: '/v2.1/chat',
      body: { parameter: { chat: { domain: 'generalv2' } }, payload: { message: { text: [{ role: 'user', content: 'be brief' }, { role: 'assistant', content: 'Okay' }, { role: 'user', content: 'hi' }] } } },
    });
    await charged(50, 'SparkDesk');
  });

  it("takes the client's ?api-version= before the model name and the channel's other (new-api getAPIVersion)", async () => {
    const r = await client.chat.completions.create({ model: 'SparkDesk', messages: [{ role: 'user', content: 'hi' }] }, { query: { 'api-version': 'v3.1' } });
    expect(r.choices[0]!.message.content).toBe(TEXT);
    expect(lastSeen()).toMatchObject({ path: '/v3.1/chat', body: { parameter: { chat: { domain: 'generalv3' } } } });
    await charged(50, 'SparkDesk');
    await client.chat.completions.create({ model: 'SparkDesk-v3.5', messages: [{ role: 'user', content: 'hi' }] }, { query: { 'api-version': 'v4.0' } });
    expect(lastSeen()).toMatchObject({ path: '/v4.0/chat', body: { parameter: { chat: { domain: '4.0Ultra' } } } });
    await charged(50, 'SparkDesk-v3.5');
    // not a version word: it is not put in the socket's path, the channel's own version is used
    await client.chat.completions.create({ model: 'SparkDesk', messages: [{ role: 'user', content: 'hi' }] }, { query: { 'api-version': '../x' } });
    expect(lastSeen()).toMatchObject({ path: '/v2.1/chat' });
    await charged(50, 'SparkDesk');
  });

  it('serves a Claude client', async () => {
    const msg = await claude.messages.create({ model: 'SparkDesk-v3.5', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
    expect(msg.content).toEqual([expect.objectContaining({ type: 'text', text: TEXT })]);
    expect(msg.usage).toMatchObject({ input_tokens: 10, output_tokens: 20 });
    await charged(50, 'SparkDesk-v3.5');
  });

  it("takes a Claude client's ?api-version= too, as new-api's adaptor reads it on every route", async () => {
    const msg = await claude.messages.create({ model: 'SparkDesk', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }, { query: { 'api-version': 'v3.1' } });
    expect(msg.content).toEqual([expect.objectContaining({ type: 'text', text: TEXT })]);
    expect(lastSeen()).toMatchObject({ path: '/v3.1/chat', body: { parameter: { chat: { domain: 'generalv3' } } } });
    await charged(50, 'SparkDesk');
  });

  it('streams to a Gemini client', async () => {
    const gemini = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: f.gw.url } });
    let text = '';
    for await (const chunk of await gemini.models.generateContentStream({ model: 'SparkDesk-v3.5', contents: 'hi' })) text += chunk.text ?? '';
    expect(text).toBe(TEXT);
    await charged(50, 'SparkDesk-v3.5');
  });

  it('answers a Responses client', async () => {
    const r = await client.responses.create({ model: 'SparkDesk-v3.5', input: 'hi' });
    expect(r.output_text).toBe(TEXT);
    expect(r.usage).toMatchObject({ input_tokens: 10, output_tokens: 20 });
    await charged(50, 'SparkDesk-v3.5');
  });

  it("gives the client Xunfei's refusal of a wrong signature, and charges nothing", async () => {
    const before = await balance();
    const seen = spark.seen.length;
    const err = await client.chat.completions.create({ model: 'spark-bad-signer', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(401);
    expect((err as InstanceType<typeof OpenAI.APIError>).message).toContain('HMAC signature does not match');
    expect(spark.seen.length).toBe(seen);
    await unchanged(before);
  });

  it('tests a channel over its socket from the console, and reports a refused signature', async () => {
    const seen = spark.seen.length;
    const ok = await f.root.get<never>(`/api/channel/test/${ids[0]}`);
    expect(ok.body).toMatchObject({ success: true, message: '' });
    expect(spark.seen.length).toBe(seen + 1);
    const bad = await f.root.get<never>(`/api/channel/test/${ids[2]}`);
    expect(bad.body).toMatchObject({ success: false });
    expect(bad.body.message).toContain('HMAC signature does not match');
  });

  it.each([false, true])('an error frame is the client error and costs nothing (stream: %s)', async (stream) => {
    const before = await balance();
    const err = await client.chat.completions.create({ model: 'spark-audit-frame', messages: [{ role: 'user', content: 'please audit this' }], stream }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(500);
    expect((err as InstanceType<typeof OpenAI.APIError>).message).toContain('input content audit failed');
    await unchanged(before);
  });

  it('a socket that closes before the last frame fails a non-stream request, free', async () => {
    const before = await balance();
    const err = await client.chat.completions.create({ model: 'spark-dies-early', messages: [{ role: 'user', content: 'die' }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
    await unchanged(before);
  });

  // last: its charge is counted locally, so consumeLogBook's exact count is not used after it
  it("ends a stream whose socket closed before the last frame with the format's error frame, billing what was delivered", async () => {
    const before = await balance();
    const r = await fetch(`${f.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'spark-dies-early', messages: [{ role: 'user', content: 'die' }], stream: true }),
    });
    if (r.status !== 200) throw new Error(await r.text());
    const events = (await r.text()).split('\n\n').filter(Boolean).map((e) => e.replace(/^data: /, ''));
    expect(events.at(-1)).toBe('[DONE]');
    const text = events.filter((e) => e.startsWith('{"id"')).map((e) => (JSON.parse(e) as { choices: Array<{ delta?: { content?: string } }> }).choices[0]?.delta?.content ?? '').join('');
    expect(text).toBe(SPARK_TEXT[0]! + SPARK_TEXT[1]!);
    expect(events.some((e) => e.includes('"error"') && e.includes('upstream stream interrupted'))).toBe(true);
    await ledger(f.gw, userId, (v) => v.logs === before.logs + 1);
    const after = await balance();
    expect(after.logs).toBe(before.logs + 1);
    expect(after.charged).toBeGreaterThan(before.charged);
    expect(before.whole - after.whole).toBe(after.charged - before.charged);
  });
});
