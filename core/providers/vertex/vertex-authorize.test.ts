import { generateKeyPairSync } from 'node:crypto';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { parseServiceAccount } from './service-account.js';
import { vertexCall, vertexDialect, withStreamUsage } from './vertex-authorize.js';
import { readTokenAnswer, signAssertion, tokenRequestBody } from './vertex-token.js';

const HOST = 'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/publishers';
const at = { base: '', other: '', project: 'p', token: 'ya29.t' };

describe('vertexCall', () => {
  const claude = { url: '/v1/messages', headers: { 'x-api-key': '{…}', 'anthropic-version': '2023-06-01', 'anthropic-beta': 'b1' }, body: '{"model":"claude-3-5-sonnet-20240620","stream":true,"max_tokens":5}' };

  it.each([
    [false, `${HOST}/anthropic/models/claude-3-5-sonnet@20240620:rawPredict`],
    [true, `${HOST}/anthropic/models/claude-3-5-sonnet@20240620:streamRawPredict?alt=sse`],
  ])('sends a Claude model (stream %s) to %s, with the body minus model plus the Vertex version', (stream, url) => {
    const c = vertexCall(claude, { ...at, model: 'claude-3-5-sonnet-20240620', stream });
    expect(c.url).toBe(url);
    expect(JSON.parse(c.body as string)).toEqual({ anthropic_version: 'vertex-2023-10-16', stream: true, max_tokens: 5 });
    expect(c.headers).toEqual({ 'anthropic-beta': 'b1', authorization: 'Bearer ya29.t' });
  });

  it.each([
    ['/v1beta/models/gemini-2.5-pro:generateContent', `${HOST}/google/models/gemini-2.5-pro:generateContent`],
    ['/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse', `${HOST}/google/models/gemini-2.5-pro:streamGenerateContent?alt=sse`],
    ['/v1/models/text-embedding-004:embedContent', `${HOST}/google/models/text-embedding-004:embedContent`],
  ])('moves the Gemini path %s onto Vertex: %s', (built, url) => {
    const c = vertexCall({ url: built, headers: { 'x-goog-api-key': '{…}' }, body: '{"contents":[]}' }, { ...at, model: 'gemini-2.5-pro', stream: false });
    expect(c).toEqual({ url, headers: { authorization: 'Bearer ya29.t' }, body: '{"contents":[]}' });
  });

  it.each([
    ['claude-3-haiku-20240307', 'claude'],
    ['gemini-2.5-flash', 'gemini'],
    ['meta/llama-3.1-405b-instruct-maas', 'openai'],
    ['meta/llama3-405b-instruct', 'openai'],
    ['mistral-large-2411-maas', 'openai'],
    ['text-embedding-004', 'gemini'],
  ])('%s speaks %s', (model, dialect) => expect(vertexDialect(model)).toBe(dialect));

  it.each([
    ['', 'us-central1', 'https://us-central1-aiplatform.googleapis.com/v1beta1/projects/p/locations/us-central1/endpoints/openapi/chat/completions'],
    ['', 'global', 'https://aiplatform.googleapis.com/v1beta1/projects/p/locations/global/endpoints/openapi/chat/completions'],
    ['http://127.0.0.1:9', 'us-east5', 'http://127.0.0.1:9/v1beta1/projects/p/locations/us-east5/endpoints/openapi/chat/completions'],
  ])('sends an open model (base %j, region %s) in OpenAI form to %s with the token', (base, other, url) => {
    const built = { url: '/v1/chat/completions', headers: { authorization: 'Bearer {…}', 'x-custom': '1' }, body: '{"model":"meta/llama-3.1-8b-instruct-maas","messages":[]}' };
    const c = vertexCall(built, { ...at, base, other, model: 'meta/llama-3.1-8b-instruct-maas', stream: false });
    expect(c).toEqual({ url, headers: { 'x-custom': '1', authorization: 'Bearer ya29.t' }, body: built.body });
  });

  it("asks an open model's stream for its usage", () => {
    const built = { url: '/v1/chat/completions', headers: {}, body: '{"model":"meta/llama-3.1-8b-instruct-maas","messages":[],"stream":true}' };
    const c = vertexCall(built, { ...at, model: 'meta/llama-3.1-8b-instruct-maas', stream: true });
    expect(JSON.parse(String(c.body))).toEqual({ model: 'meta/llama-3.1-8b-instruct-maas', messages: [], stream: true, stream_options: { include_usage: true } });
  });

  it.each([
    ['{"stream":true}', { stream: true, stream_options: { include_usage: true } }],
    ['{"stream":true,"stream_options":{"include_usage":false,"x":1}}', { stream: true, stream_options: { include_usage: true, x: 1 } }],
    ['{"stream":true,"stream_options":null}', { stream: true, stream_options: { include_usage: true } }],
  ])('stream usage asked of %s', (body, want) => {
    expect(JSON.parse(String(withStreamUsage(body)))).toEqual(want);
    expect(JSON.parse(String(withStreamUsage(Buffer.from(body))))).toEqual(want);
  });

  it('leaves a body that is not a JSON object as it is', () => {
    expect(withStreamUsage('[1]')).toBe('[1]');
    expect(withStreamUsage('not json')).toBe('not json');
  });

  it('refuses an open model anything but chat completions', () => {
    expect(() => vertexCall({ url: '/v1/embeddings', headers: {}, body: '{}' }, { ...at, model: 'meta/llama-3.1-8b-instruct-maas', stream: false })).toThrow('chat completions only');
  });
});

describe('Vertex service-account token', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const key = JSON.stringify({ type: 'service_account', project_id: 'p', private_key_id: 'kid1', private_key: pem, client_email: 'sa@p.iam.gserviceaccount.com', token_uri: 'http://127.0.0.1:9/token' });

  it('signs an RS256 assertion for the account, the cloud-platform scope and the token endpoint', async () => {
    const jwt = await signAssertion(parseServiceAccount(key), 1_700_000_000);
    const { payload, protectedHeader } = await jwtVerify(jwt, publicKey, { currentDate: new Date(1_700_000_100_000) });
    expect(protectedHeader).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'kid1' });
    expect(payload).toEqual({ iss: 'sa@p.iam.gserviceaccount.com', aud: 'http://127.0.0.1:9/token', scope: 'https://www.googleapis.com/auth/cloud-platform', iat: 1_700_000_000, exp: 1_700_003_600 });
    expect(new URLSearchParams(tokenRequestBody(jwt)).get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
  });

  it.each([
    ['{}', 'lacks client_email, private_key, project_id'],
    ['not json', 'not a service-account JSON'],
    ['[{}]', 'not a service-account JSON'],
  ])('refuses the key %j', (bad, message) => expect(() => parseServiceAccount(bad)).toThrow(message));

  it('defaults token_uri to Google', () => {
    expect(parseServiceAccount(JSON.stringify({ client_email: 'e', private_key: 'k', project_id: 'p' })).token_uri).toBe('https://oauth2.googleapis.com/token');
  });

  it.each([
    [{ access_token: 'a', expires_in: 3599 }, { token: 'a', expiresAt: 1000 + 3_599_000 }],
    [{ access_token: 'a' }, { token: 'a', expiresAt: 1000 + 3_600_000 }],
  ])('reads the token answer %j', (answer, token) => expect(readTokenAnswer(answer, 1000)).toEqual(token));

  it('refuses an answer without an access token', () => expect(() => readTokenAnswer({ token_type: 'Bearer' }, 0)).toThrow('without an access_token'));
});
