import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel, addToken, type ChannelSpec, consumeLogBook, ledger, priceModels, readChatStream, type RelayFixture, startRelayFixture } from '../support/relay-fixture.js';
import { seedUser } from '../support/seed-rows.js';

const TEXT = 'Hello from mock upstream.';
const VERSION = '2024-10-21';
const MODELS = ['house-azure', 'text-embedding-3-small'];

/**
 * An Azure OpenAI channel (type 3) behind the relay: the `openai` SDK talks to Ferryman as to OpenAI, Ferryman
 * talks to the mock's Azure deployment routes (which insist on `api-key` and `api-version`). Ratio 1 and
 * completion ratio 2: the mock's usage (10 prompt, 20 completion tokens) costs 50 a chat, 10 an embedding.
 */
describe('Azure OpenAI channel', () => {
  let f: RelayFixture;
  let client: OpenAI;
  let key: string;
  let userId: number;
  const { expected, charged } = consumeLogBook(() => f.gw, () => userId);
  const lastSent = async () => (await f.mock.requests()).at(-1)!;

  beforeAll(async () => {
    f = await startRelayFixture();
    // the channel's `other` holds the api-version; the model is mapped to a dotted deployment name
    const azure: ChannelSpec & { other: string } = {
      type: 3,
      key: 'azure-secret',
      models: MODELS.join(','),
      model_mapping: JSON.stringify({ 'house-azure': 'gpt-4.1' }),
      other: VERSION,
    };
    await addChannel(f, azure);
    await priceModels(f.root, MODELS);
    const user = await seedUser(f.gw, { username: 'azure-user', quota: 1_000_000 });
    userId = user.userId;
    key = (await addToken(user, { unlimited_quota: true })).key;
    client = new OpenAI({ baseURL: `${f.gw.url}/v1`, apiKey: key, maxRetries: 0 });
  });
  afterAll(() => f?.stop());

  it('sends a chat to the deployment with api-key and the channel api-version, and bills it', async () => {
    const r = await client.chat.completions.create({ model: 'house-azure', messages: [{ role: 'user', content: 'hi' }] });
    expect(r.choices[0]!.message.content).toBe(TEXT);
    expect(r.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
    const sent = await lastSent();
    expect(sent).toMatchObject({ path: '/openai/deployments/gpt-4.1/chat/completions', query: `api-version=${VERSION}` });
    expect(sent.headers['api-key']).toBe('azure-secret');
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body).toMatchObject({ model: 'gpt-4.1' });
    await charged(50, 'house-azure');
  });

  it('streams a chat from the deployment, usage asked for and billed', async () => {
    const stream = await client.chat.completions.create({ model: 'house-azure', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    expect(await readChatStream(stream)).toEqual({ text: TEXT, completion: 20 });
    expect(await lastSent()).toMatchObject({ path: '/openai/deployments/gpt-4.1/chat/completions', body: { stream: true, stream_options: { include_usage: true } } });
    await charged(50, 'house-azure');
  });

  it('embeds through the deployment of the embedding model', async () => {
    const r = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['a', 'b'] });
    expect(r.data).toHaveLength(2);
    expect(await lastSent()).toMatchObject({ path: '/openai/deployments/text-embedding-3-small/embeddings', query: `api-version=${VERSION}` });
    await charged(10, 'text-embedding-3-small');
  });

  it('serves a Claude client through the same deployment, translated to chat completions', async () => {
    const claude = new Anthropic({ apiKey: key, baseURL: f.gw.url, maxRetries: 0 });
    const msg = await claude.messages.create({ model: 'house-azure', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
    expect(msg.content).toEqual([expect.objectContaining({ type: 'text', text: TEXT })]);
    expect((await lastSent()).path).toBe('/openai/deployments/gpt-4.1/chat/completions');
    await charged(50, 'house-azure');
  });

  it('charges the user exactly the logged sum', async () => {
    const total = expected.reduce((a, b) => a + b, 0);
    // the balance settles once the quota lease held for the user is handed back
    const l = await ledger(f.gw, userId, (v) => v.logs === expected.length && v.quota + v.charged === 1_000_000);
    expect(l).toMatchObject({ charged: total, used: total, quota: 1_000_000 - total, requests: expected.length });
  });
});
