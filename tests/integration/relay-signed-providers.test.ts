import { generateKeyPairSync } from 'node:crypto';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERTEX_TOKEN_PATH } from '../../bench/mock-vertex.js';
import { addChannel, addToken, type ChannelSpec, consumeLogBook, ledger, type RelayFixture, startRelayFixture, readChatStream } from '../support/relay-fixture.js';
import { seedUser } from '../support/seed-rows.js';

const TEXT = 'Hello from mock upstream.';
const SONNET = 'claude-3-5-sonnet-20240620';
const LLAMA = 'meta/llama-3.1-8b-instruct-maas';
const MODELS = ['bedrock-sonnet', 'vertex-sonnet', 'gemini-2.5-flash', 'bedrock-bad', 'vertex-bad', 'vertex-llama'];

const pemPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
};

/**
 * Channels that sign (AWS Bedrock, type 33: SigV4) or fetch tokens (Vertex AI, type 41: a service account's
 * OAuth2 token) behind the relay, against the mock's Bedrock and Vertex routes, which check signatures and
 * tokens as the clouds do. Ratio 1, completion ratio 2: the mock's usage (10 prompt, 20 completion) costs 50.
 */
describe('Bedrock and Vertex channels', () => {
  let f: RelayFixture;
  let openai: OpenAI;
  let claude: Anthropic;
  let userId: number;
  const { expected, charged } = consumeLogBook(() => f.gw, () => userId);
  const sentTo = async (prefix: string) => (await f.mock.requests()).filter((r) => r.path.startsWith(prefix));
  const mockPost = (path: string, body: unknown) => fetch(`${f.mock.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    // one relay thread: tokens are cached per thread, and the test counts fetches exactly
    f = await startRelayFixture({ FERRYMAN_THREADS: '1' });
    const good = pemPair();
    const forged = pemPair();
    const account = (email: string, privateKey: string) =>
      JSON.stringify({ type: 'service_account', project_id: 'proj-1', private_key_id: 'k1', private_key: privateKey, client_email: email, token_uri: f.mock.url + VERTEX_TOKEN_PATH });
    // Google knows both accounts by the good public key; the second one signs with another private key
    for (const email of ['relay@proj-1.iam.gserviceaccount.com', 'forged@proj-1.iam.gserviceaccount.com']) {
      expect((await mockPost('/__mock/vertex/accounts', { client_email: email, public_key: good.publicKey })).status).toBe(200);
    }
    const channels: Array<ChannelSpec & { other?: string }> = [
      { type: 33, key: 'AKIAMOCKBEDROCK|mock-bedrock-secret|us-east-1', models: 'bedrock-sonnet', model_mapping: JSON.stringify({ 'bedrock-sonnet': SONNET }) },
      { type: 33, key: 'AKIAMOCKBEDROCK|wrong-secret|us-east-1', models: 'bedrock-bad', model_mapping: JSON.stringify({ 'bedrock-bad': SONNET }) },
      {
        type: 41,
        key: account('relay@proj-1.iam.gserviceaccount.com', good.privateKey),
        models: 'vertex-sonnet,gemini-2.5-flash,vertex-llama',
        model_mapping: JSON.stringify({ 'vertex-sonnet': SONNET, 'vertex-llama': LLAMA }),
        other: JSON.stringify({ default: 'europe-west1', 'gemini-2.5-flash': 'global' }),
      },
      { type: 41, key: account('forged@proj-1.iam.gserviceaccount.com', forged.privateKey), models: 'vertex-bad', model_mapping: JSON.stringify({ 'vertex-bad': SONNET }), other: 'us-central1' },
    ];
    for (const ch of channels) await addChannel(f, ch);
    for (const [k, v] of [
      ['ModelRatio', Object.fromEntries([...MODELS, SONNET, LLAMA].map((m) => [m, 1]))],
      ['CompletionRatio', Object.fromEntries([...MODELS, SONNET, LLAMA].map((m) => [m, 2]))],
    ] as const) {
      expect((await f.root.put('/api/option/', { key: k, value: JSON.stringify(v) })).body.success).toBe(true);
    }
    const user = await seedUser(f.gw, { username: 'signed-user', quota: 1_000_000 });
    userId = user.userId;
    const key = (await addToken(user, { unlimited_quota: true })).key;
    openai = new OpenAI({ baseURL: `${f.gw.url}/v1`, apiKey: key, maxRetries: 0 });
    claude = new Anthropic({ apiKey: key, baseURL: f.gw.url, maxRetries: 0 });
  });
  afterAll(() => f?.stop());

  it('answers an OpenAI chat from Bedrock, signed with SigV4, and bills it', async () => {
    const r = await openai.chat.completions.create({ model: 'bedrock-sonnet', messages: [{ role: 'user', content: 'hi' }] });
    expect(r.choices[0]!.message.content).toBe(TEXT);
    expect(r.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
    await charged(50, 'bedrock-sonnet');
  });

  it('streams an OpenAI chat from Bedrock out of its event-stream framing, usage included', async () => {
    const stream = await openai.chat.completions.create({ model: 'bedrock-sonnet', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    expect(await readChatStream(stream)).toEqual({ text: TEXT, completion: 20 });
    await charged(50, 'bedrock-sonnet');
  });

  it('serves a Claude client from Bedrock, plain and streamed', async () => {
    const msg = await claude.messages.create({ model: 'bedrock-sonnet', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
    expect(msg.content).toEqual([expect.objectContaining({ type: 'text', text: TEXT })]);
    expect(msg.usage).toMatchObject({ input_tokens: 10, output_tokens: 20 });
    await charged(50, 'bedrock-sonnet');
    const final = await claude.messages.stream({ model: 'bedrock-sonnet', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();
    expect(final.content).toEqual([expect.objectContaining({ type: 'text', text: TEXT })]);
    await charged(50, 'bedrock-sonnet');
  });

  it('answers Claude models on Vertex with one token fetch shared by concurrent requests', async () => {
    const answers = await Promise.all(
      [0, 1, 2].map(() => openai.chat.completions.create({ model: 'vertex-sonnet', messages: [{ role: 'user', content: 'hi' }] })),
    );
    for (const r of answers) expect(r.choices[0]!.message.content).toBe(TEXT);
    for (let i = 0; i < 3; i++) await charged(50, 'vertex-sonnet');
    expect(await sentTo(VERTEX_TOKEN_PATH)).toHaveLength(1);
    const sent = await sentTo('/v1/projects/');
    expect(sent.at(-1)).toMatchObject({
      path: '/v1/projects/proj-1/locations/europe-west1/publishers/anthropic/models/claude-3-5-sonnet@20240620:rawPredict',
      body: { anthropic_version: 'vertex-2023-10-16' },
    });
    expect(sent.at(-1)!.headers.authorization).toMatch(/^Bearer ya29\.mock-/);
  });

  it('streams Vertex Claude to an OpenAI and a Claude client on the cached token', async () => {
    const stream = await openai.chat.completions.create({ model: 'vertex-sonnet', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe(TEXT);
    await charged(50, 'vertex-sonnet');
    const final = await claude.messages.stream({ model: 'vertex-sonnet', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();
    expect(final.content).toEqual([expect.objectContaining({ type: 'text', text: TEXT })]);
    await charged(50, 'vertex-sonnet');
    expect((await sentTo('/v1/projects/')).at(-1)!.path).toMatch(/:streamRawPredict$/);
    expect(await sentTo(VERTEX_TOKEN_PATH)).toHaveLength(1);
  });

  it('answers Gemini models on Vertex in the Gemini dialect, in the region `other` names for them', async () => {
    const r = await openai.chat.completions.create({ model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'hi' }] });
    expect(r.choices[0]!.message.content).toBe(TEXT);
    expect((await sentTo('/v1/projects/')).at(-1)!.path).toBe('/v1/projects/proj-1/locations/global/publishers/google/models/gemini-2.5-flash:generateContent');
    await charged(50, 'gemini-2.5-flash');
  });

  it('answers open models (Llama, -maas) on Vertex in OpenAI form at its openapi endpoint, with the cached token', async () => {
    const r = await openai.chat.completions.create({ model: 'vertex-llama', messages: [{ role: 'user', content: 'hi' }] });
    expect(r.choices[0]!.message.content).toBe(TEXT);
    expect(r.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
    await charged(50, 'vertex-llama');
    const sent = (await sentTo('/v1beta1/')).at(-1)!;
    expect(sent).toMatchObject({ path: '/v1beta1/projects/proj-1/locations/europe-west1/endpoints/openapi/chat/completions', body: { model: LLAMA, messages: [{ role: 'user', content: 'hi' }] } });
    expect(sent.headers.authorization).toMatch(/^Bearer ya29\.mock-/);
    const claudeMsg = await claude.messages.create({ model: 'vertex-llama', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
    expect(claudeMsg.content).toEqual([expect.objectContaining({ type: 'text', text: TEXT })]);
    await charged(50, 'vertex-llama');
    const stream = await openai.chat.completions.create({ model: 'vertex-llama', messages: [{ role: 'user', content: 'hi' }], stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe(TEXT);
    // the stream asks for its usage chunk, so the bill is Vertex's count (10 in, 20 out), not an estimate
    expect((await sentTo('/v1beta1/')).at(-1)!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    await charged(50, 'vertex-llama');
    expect(await sentTo(VERTEX_TOKEN_PATH)).toHaveLength(1);
  });

  it.each([
    ['bedrock-bad', 403, /signature we calculated does not match/],
    ['vertex-bad', 502, /channel authorization failed: token endpoint answered 400: Invalid JWT Signature/],
  ])('refuses %s cleanly when the cloud refuses its credentials, and charges nothing', async (model, status, message) => {
    const err = await openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(status);
    expect((err as InstanceType<typeof OpenAI.APIError>).message).toMatch(message);
    expect((err as InstanceType<typeof OpenAI.APIError>).message).not.toMatch(/wrong-secret|PRIVATE KEY/);
  });

  it('gives a clean error when the cached token has expired upstream, and fetches a fresh one for the next request', async () => {
    expect((await mockPost('/__mock/vertex/revoke', {})).status).toBe(200);
    const err = await claude.messages.create({ model: 'vertex-sonnet', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Anthropic.APIError);
    expect((err as InstanceType<typeof Anthropic.APIError>).status).toBe(401);
    expect((err as InstanceType<typeof Anthropic.APIError>).message).toMatch(/invalid authentication credentials/);
    // the refused token was dropped from the cache: the next request exchanges the assertion again and succeeds
    const fetched = (await sentTo(VERTEX_TOKEN_PATH)).length;
    const r = await openai.chat.completions.create({ model: 'vertex-sonnet', messages: [{ role: 'user', content: 'hi' }] });
    expect(r.choices[0]!.message.content).toBe(TEXT);
    await charged(50, 'vertex-sonnet');
    expect(await sentTo(VERTEX_TOKEN_PATH)).toHaveLength(fetched + 1);
    const [refused, fresh] = (await sentTo('/v1/projects/')).slice(-2).map((r) => r.headers.authorization);
    expect(fresh).toMatch(/^Bearer ya29\.mock-/);
    expect(fresh).not.toBe(refused);
  });

  it('charges the user exactly the logged sum', async () => {
    const total = expected.reduce((a, b) => a + b, 0);
    const l = await ledger(f.gw, userId, (v) => v.logs === expected.length && v.quota + v.charged === 1_000_000);
    expect(l).toMatchObject({ charged: total, used: total, quota: 1_000_000 - total });
  });
});
