import { generateKeyPairSync } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { bedrockCall } from '../core/providers/bedrock/bedrock-call.js';
import { bedrockEventStreamToSse } from '../core/providers/bedrock/bedrock-event-stream.js';
import { sigV4Sign } from '../core/providers/bedrock/sigv4-sign.js';
import { parseServiceAccount } from '../core/providers/vertex/service-account.js';
import { signAssertion, tokenRequestBody } from '../core/providers/vertex/vertex-token.js';
import { VERTEX_TOKEN_PATH } from './mock-vertex.js';
import { startMockUpstream } from './mock-upstream.js';

const mock = await startMockUpstream({ port: 0 });
afterAll(() => mock.close());

const CLAUDE = { url: '/v1/messages', headers: {}, body: JSON.stringify({ model: 'claude-3-5-sonnet-20240620', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] }) };
const post = (url: string, headers: Record<string, string>, body: string) => fetch(url, { method: 'POST', headers, body });

describe('mock Bedrock (SigV4 checked, event-stream answers)', () => {
  const signed = (secret: string, stream: boolean) =>
    sigV4Sign(bedrockCall(CLAUDE, { base: mock.url, region: 'us-east-1', model: 'claude-3-5-sonnet-20240620', stream }), { accessKeyId: 'AKIAMOCKBEDROCK', secretAccessKey: secret, region: 'us-east-1' }, 'bedrock');

  it('answers a correctly signed invoke with a Claude message', async () => {
    const c = await signed('mock-bedrock-secret', false);
    const r = await post(c.url, c.headers, c.body as string);
    expect(r.status).toBe(200);
    // us-east-1 invokes the model through its US cross-region inference profile
    expect(await r.json()).toMatchObject({ type: 'message', model: 'us.anthropic.claude-3-5-sonnet-20240620-v1:0', usage: { input_tokens: 10, output_tokens: 20 } });
  });

  it.each([
    ['a wrong secret', 'wrong', (b: string) => b],
    ['a body changed after signing', 'mock-bedrock-secret', (b: string) => b.replace('"max_tokens":8', '"max_tokens":9')],
  ])('refuses %s with 403', async (_name, secret, change) => {
    const c = await signed(secret, false);
    const r = await post(c.url, c.headers, change(c.body as string));
    expect(r.status).toBe(403);
    expect(await r.json()).toEqual({ message: 'The request signature we calculated does not match the signature you provided.' });
  });

  it('streams the Claude events in AWS event-stream framing', async () => {
    const c = await signed('mock-bedrock-secret', true);
    const r = await post(c.url, c.headers, c.body as string);
    expect(r.headers.get('content-type')).toBe('application/vnd.amazon.eventstream');
    const bytes = Buffer.from(await r.arrayBuffer());
    const body = { destroy() {}, async *[Symbol.asyncIterator]() { yield bytes; } };
    let sse = '';
    for await (const chunk of bedrockEventStreamToSse(body)) sse += chunk.toString('utf8');
    expect(sse.match(/^event: \w+/gm)).toEqual(expect.arrayContaining(['event: message_start', 'event: content_block_delta', 'event: message_stop']));
  });
});

describe('mock Vertex (OAuth2 JWT grant, token-checked model routes)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const account = (key: typeof privateKey) =>
    parseServiceAccount(JSON.stringify({ project_id: 'p', client_email: 'mock@p.iam', private_key: key.export({ type: 'pkcs8', format: 'pem' }).toString(), token_uri: mock.url + VERTEX_TOKEN_PATH }));
  const token = async (key: typeof privateKey) =>
    post(mock.url + VERTEX_TOKEN_PATH, { 'content-type': 'application/x-www-form-urlencoded' }, tokenRequestBody(await signAssertion(account(key), Math.floor(Date.now() / 1000))));
  const rawPredict = (bearer: string) =>
    post(`${mock.url}/v1/projects/p/locations/us-east5/publishers/anthropic/models/claude-3-5-sonnet@20240620:rawPredict`, { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, JSON.stringify({ anthropic_version: 'vertex-2023-10-16', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] }));

  it('issues a token for an assertion signed by the registered key, and refuses a forged one', async () => {
    await post(`${mock.url}/__mock/vertex/accounts`, { 'content-type': 'application/json' }, JSON.stringify({ client_email: 'mock@p.iam', public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString() }));
    const good = await token(privateKey);
    expect(good.status).toBe(200);
    const { access_token } = (await good.json()) as { access_token: string };
    const forged = await token(other);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });

    const r = await rawPredict(access_token);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ type: 'message', model: 'claude-3-5-sonnet-20240620' });
    expect((await rawPredict('ya29.unknown')).status).toBe(401);
    await post(`${mock.url}/__mock/vertex/revoke`, {}, '');
    expect((await rawPredict(access_token)).status).toBe(401);
  });
});
