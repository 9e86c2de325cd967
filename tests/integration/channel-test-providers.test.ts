import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERTEX_TOKEN_PATH } from '../../bench/mock-vertex.js';
import { addChannel, startRelayFixture, type ChannelSpec, type RelayFixture } from '../support/relay-fixture.js';

const SONNET = 'claude-3-5-sonnet-20240620';

const pemPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
};

interface TestAnswer {
  success: boolean;
  message: string;
  time: number;
}

/**
 * GET /api/channel/test/:id for channels that sign (Bedrock SigV4), fetch tokens (Vertex OAuth2, Baidu
 * access_token) or speak their own protocol (Tencent, Dify, Baidu), against the mock's routes, which check
 * signatures, tokens and keys as the providers do: a test goes out exactly as the relay sends, so a good
 * channel passes, and a wrong key fails with the provider's own words.
 */
describe('channel tests of signed and own-protocol providers', () => {
  let f: RelayFixture;
  const ids: Record<string, number> = {};

  const test = async (id: number, model = '') => {
    const r = await f.root.get<never>(`/api/channel/test/${id}${model ? `?model=${encodeURIComponent(model)}` : ''}`);
    return r.body as unknown as TestAnswer;
  };
  const recorded = async (id: number) => {
    const [row] = await f.gw.sql<{ response_time: number; test_time: number }[]>`SELECT response_time, test_time FROM channels WHERE id = ${id}`;
    return { responseTime: Number(row!.response_time), testTime: Number(row!.test_time) };
  };
  const mockPost = (path: string, body: unknown) => fetch(`${f.mock.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    f = await startRelayFixture();
    const good = pemPair();
    const forged = pemPair();
    const account = (email: string, privateKey: string) =>
      JSON.stringify({ type: 'service_account', project_id: 'proj-1', private_key_id: 'k1', private_key: privateKey, client_email: email, token_uri: f.mock.url + VERTEX_TOKEN_PATH });
    // Google knows both accounts by the good public key; the forged one signs with another private key
    for (const email of ['tester@proj-1.iam.gserviceaccount.com', 'forged@proj-1.iam.gserviceaccount.com']) {
      expect((await mockPost('/__mock/vertex/accounts', { client_email: email, public_key: good.publicKey })).status).toBe(200);
    }
    const channels: Record<string, ChannelSpec & { other?: string }> = {
      bedrock: { type: 33, key: 'AKIAMOCKBEDROCK|mock-bedrock-secret|us-east-1', models: 'bedrock-sonnet', model_mapping: JSON.stringify({ 'bedrock-sonnet': SONNET }) },
      bedrockBad: { type: 33, key: 'AKIAMOCKBEDROCK|wrong-secret|us-east-1', models: 'bedrock-sonnet', model_mapping: JSON.stringify({ 'bedrock-sonnet': SONNET }) },
      vertex: {
        type: 41,
        key: account('tester@proj-1.iam.gserviceaccount.com', good.privateKey),
        models: 'vertex-sonnet,gemini-2.5-flash',
        model_mapping: JSON.stringify({ 'vertex-sonnet': SONNET }),
        other: JSON.stringify({ default: 'europe-west1', 'gemini-2.5-flash': 'global' }),
      },
      vertexBad: { type: 41, key: account('forged@proj-1.iam.gserviceaccount.com', forged.privateKey), models: 'vertex-sonnet', model_mapping: JSON.stringify({ 'vertex-sonnet': SONNET }), other: 'us-central1' },
      tencent: { type: 23, key: '1300000000|AKIDmockSecretId|mock-secret-key', models: 'hunyuan-lite' },
      tencentBad: { type: 23, key: '1300000000|AKIDmockSecretId|wrong-secret', models: 'hunyuan-lite' },
      dify: { type: 37, key: 'app-mock', models: 'dify' },
      difyBad: { type: 37, key: 'not-an-app-key', models: 'dify' },
      baidu: { type: 15, key: 'baidu-ak|baidu-mock-secret', models: 'ERNIE-3.5-8K' },
      baiduBad: { type: 15, key: 'baidu-ak2|not-the-secret', models: 'ERNIE-3.5-8K' },
    };
    for (const [name, spec] of Object.entries(channels)) ids[name] = await addChannel(f, spec);
  });
  afterAll(() => f?.stop());

  // the mock refuses what is unsigned, untokened or not in the provider's own shape: a pass is the proof
  it.each<[string, string, string]>([
    ['Bedrock, signed with SigV4', 'bedrock', ''],
    ['Vertex with a Claude model, with a fetched OAuth2 token', 'vertex', 'vertex-sonnet'],
    ['Vertex with a Gemini model, in the Gemini dialect', 'vertex', 'gemini-2.5-flash'],
    ['Tencent Hunyuan, TC3 signed', 'tencent', ''],
    ['Dify, through its adapter', 'dify', ''],
    ['Baidu, with a fetched access_token', 'baidu', ''],
  ])('passes %s and records the response time', async (_name, channel, model) => {
    const before = await recorded(ids[channel]!);
    const r = await test(ids[channel]!, model);
    expect(r).toMatchObject({ success: true, message: '' });
    const after = await recorded(ids[channel]!);
    expect(after.testTime).toBeGreaterThan(0);
    expect(after.testTime).toBeGreaterThanOrEqual(before.testTime);
    expect(after.responseTime).toBe(Math.round(r.time * 1000));
  });

  it('sends Vertex the model family the relay would: rawPredict for Claude, generateContent for Gemini', async () => {
    await test(ids.vertex!, 'vertex-sonnet');
    expect((await f.mock.requests()).at(-1)!.path).toMatch(/\/publishers\/anthropic\/models\/.+:rawPredict$/);
    await test(ids.vertex!, 'gemini-2.5-flash');
    expect((await f.mock.requests()).at(-1)!.path).toMatch(/\/publishers\/google\/models\/gemini-2\.5-flash:generateContent$/);
  });

  it.each<[string, string, RegExp]>([
    ['Bedrock with a wrong secret', 'bedrockBad', /signature we calculated does not match/],
    ['Vertex with a forged account', 'vertexBad', /channel authorization failed: token endpoint answered 400: Invalid JWT Signature/],
    ['Tencent with a wrong secret', 'tencentBad', /The provided credentials could not be validated\./],
    ['Dify with a wrong key', 'difyBad', /Access token is invalid/],
    ['Baidu with a wrong secret', 'baiduBad', /unknown client id/],
  ])("fails %s with the provider's message, keys redacted", async (_name, channel, message) => {
    const r = await test(ids[channel]!);
    expect(r.success).toBe(false);
    expect(r.message).toMatch(message);
    expect(r.message).not.toMatch(/wrong-secret|not-the-secret|PRIVATE KEY/);
    expect((await recorded(ids[channel]!)).testTime).toBeGreaterThan(0);
  });
});
