import type { IncomingMessage, ServerResponse } from 'node:http';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { volcSign } from '../../core/providers/volcengine/volc-sign.js';
import { addChannel, addToken, type ChannelSpec, consumeLogBook, ledger, type RelayFixture, startRelayFixture } from '../support/relay-fixture.js';
import { RecordingListener, type JsonAnswer, type Seen } from '../support/recording-listener.js';
import { seedUser } from '../support/seed-rows.js';
import { taskCall } from '../support/task-fixture.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const DRAWN = Buffer.from('jimeng drew this').toString('base64');
const AK = 'jm-ak';
const SK = 'jm-sk';


/** `20260102T030405Z` as unix ms. */
const xDateMs = (x: string): number => Date.UTC(+x.slice(0, 4), +x.slice(4, 6) - 1, +x.slice(6, 8), +x.slice(9, 11), +x.slice(11, 13), +x.slice(13, 15));

/**
 * Volcengine's visual API (CVProcess, checking the HMAC-SHA256 signature of AK|SK as received) and Replicate's
 * files API and predictions (bearer key, `Prefer: wait`, an edit's image read back from the upload), as one
 * listener that records every request.
 */
class MediaProvidersMock extends RecordingListener {
  /** what the files API stored, by id */
  readonly files = new Map<string, Buffer>();

  protected async route(req: IncomingMessage, res: ServerResponse, { path, raw: body }: Seen, json: JsonAnswer): Promise<void> {
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (req.method === 'POST' && path === '/?Action=CVProcess&Version=2022-08-31') {
      const xDate = String(req.headers['x-date'] ?? '');
      const want = volcSign({ method: 'POST', url: `http://${req.headers.host}${path}`, contentType: String(req.headers['content-type']), body: body.toString('utf8'), accessKey: AK, secretKey: SK, region: 'cn-north-1', service: 'cv', now: xDateMs(xDate) });
      if (req.headers.authorization !== want.authorization) return json(401, { ResponseMetadata: { Error: { Code: 'SignatureDoesNotMatch', Message: 'signature mismatch' } } });
      const sent = JSON.parse(body.toString('utf8')) as { prompt: string; return_url?: boolean };
      if (sent.prompt.includes('forbidden')) return json(200, { code: 50413, message: 'Post Text Risk Not Pass', data: null, request_id: 'r1', status: 50413 });
      if (sent.prompt.includes('garbled')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"code":10000,"data":');
        return;
      }
      return json(200, { code: 10000, message: 'Success', request_id: 'r2', status: 10000, time_elapsed: '2.1s', data: { binary_data_base64: [DRAWN], image_urls: sent.return_url ? [`${this.url}/files/jimeng-0.png`] : null } });
    }
    if (req.method === 'POST' && path === '/v1/files') {
      if (bearer !== 'r8_test') return json(401, { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status: 401 });
      const form = await new Response(Uint8Array.from(body), { headers: { 'content-type': String(req.headers['content-type']) } }).formData();
      const content = form.get('content');
      if (!content || typeof content === 'string') return json(400, { detail: 'content is required' });
      const id = `file-${this.files.size + 1}`;
      this.files.set(id, Buffer.from(await content.arrayBuffer()));
      return json(201, { id, name: content.name, content_type: content.type, size: content.size, urls: { get: `${this.url}/v1/files/${id}` } });
    }
    const prediction = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(path);
    if (req.method === 'POST' && prediction) {
      if (bearer !== 'r8_test' || req.headers.prefer !== 'wait') return json(401, { detail: 'Unauthenticated' });
      const input = (JSON.parse(body.toString('utf8')) as { input: { image_prompt?: string; num_outputs?: number } }).input;
      // the edit's image must be one the files API holds
      const id = input.image_prompt?.split('/').at(-1) ?? '';
      if (!this.files.has(id)) return json(422, { detail: 'image_prompt: file not found' });
      return json(201, { id: 'pred_1', status: 'succeeded', output: Array.from({ length: input.num_outputs ?? 1 }, (_, i) => `${this.url}/files/out-${i}.png`) });
    }
    if (req.method === 'GET' && path.startsWith('/files/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
      return;
    }
    json(404, { detail: 'not found' });
  }
}

/**
 * Jimeng images (type 51: CVProcess on Volcengine's visual API, signed with AK|SK) and Replicate image edits
 * (type 56: the image uploaded to the files API, then a prediction) behind the relay, through the official
 * OpenAI SDK. jimeng-test: ModelPrice $0.02 per image (10 000); flux-edit: $0.04 (20 000).
 */
describe('Jimeng images and Replicate image edits', () => {
  let f: RelayFixture;
  const mock = new MediaProvidersMock();
  let openai: OpenAI;
  let tokenKey: string;
  let userId: number;
  const { charged } = consumeLogBook(() => f.gw, () => userId, { exact: true });
  const apiError = (e: unknown) => {
    expect(e).toBeInstanceOf(OpenAI.APIError);
    return e as InstanceType<typeof OpenAI.APIError>;
  };
  /** runs a paid request: one consume log of `quota` for `model`, and exactly that much more used by the user */
  async function billed<T>(quota: number, model: string, run: () => Promise<T>): Promise<T> {
    const before = await ledger(f.gw, userId);
    const out = await run();
    await charged(quota, model);
    const after = await ledger(f.gw, userId, (v) => v.logs === before.logs + 1 && v.used === before.used + quota);
    expect({ used: after.used - before.used, charged: after.charged - before.charged }).toEqual({ used: quota, charged: quota });
    return out;
  }
  /**
   * The call fails, and nothing is charged, used or logged. (Its refunded reservation stays in the user's leased
   * slice a while, which moves the balance row: the failures come after the paid requests.)
   */
  const costsNothing = async (call: () => Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> => {
    const before = await ledger(f.gw, userId);
    const err = apiError(await call().catch((e: unknown) => e));
    // a late charge or log would show within the settle window
    await new Promise((r) => setTimeout(r, 300));
    const after = await ledger(f.gw, userId);
    expect({ used: after.used, charged: after.charged, logs: after.logs }).toEqual({ used: before.used, charged: before.charged, logs: before.logs });
    return err;
  };

  beforeAll(async () => {
    await mock.start();
    f = await startRelayFixture();
    await addChannel(f, { type: 51, base_url: mock.url, key: `${AK}|${SK}`, models: 'jimeng-test', model_mapping: JSON.stringify({ 'jimeng-test': 'jimeng_high_aes_general_v21_L' }) });
    // the channel's param_override changes the signed body: it is signed again, or Volcengine would refuse it
    const overridden: ChannelSpec & { param_override?: string } = { type: 51, base_url: mock.url, key: `${AK}|${SK}`, models: 'jimeng-seeded', param_override: JSON.stringify({ seed: 9, use_pre_llm: true }) };
    await addChannel(f, overridden);
    // another new-api's sk- key serves Jimeng's video tasks, but CVProcess can only be signed with AK|SK
    await addChannel(f, { type: 51, base_url: mock.url, key: 'sk-another-new-api-key', models: 'jimeng-relayed' });
    await addChannel(f, { type: 56, base_url: mock.url, key: 'r8_test', models: 'flux-edit', model_mapping: JSON.stringify({ 'flux-edit': 'black-forest-labs/flux-kontext-pro' }) });
    await addChannel(f, { type: 56, base_url: mock.url, key: 'r8_revoked', models: 'flux-revoked' });
    const price = { 'jimeng-test': 0.02, 'jimeng-seeded': 0.02, 'jimeng-relayed': 0.02, 'flux-edit': 0.04, 'flux-revoked': 0.04 };
    expect((await f.root.put('/api/option/', { key: 'ModelPrice', value: JSON.stringify(price) })).body.success).toBe(true);
    const user = await seedUser(f.gw, { username: 'media-providers', quota: 1_000_000 });
    userId = user.userId;
    tokenKey = (await addToken(user, { unlimited_quota: true })).key;
    openai = new OpenAI({ baseURL: `${f.gw.url}/v1`, apiKey: tokenKey, maxRetries: 0 });
  }, 300_000);
  afterAll(async () => {
    await f?.stop();
    await mock.stop();
  });

  it('generates a Jimeng image as a URL: a signed CVProcess call, the size fitted to the req_key, billed per image', async () => {
    const r = await billed(10_000, 'jimeng-test', () => openai.images.generate({ model: 'jimeng-test', prompt: 'a red fox', size: '1024x1024' }));
    expect(r.data).toEqual([{ url: `${mock.url}/files/jimeng-0.png` }]);
    const sent = mock.sent('/?Action=CVProcess').at(-1)!;
    expect(sent.headers.authorization).toMatch(/^HMAC-SHA256 Credential=jm-ak\/\d{8}\/cn-north-1\/cv\/request, SignedHeaders=content-type;host;x-content-sha256;x-date, Signature=[0-9a-f]{64}$/);
    expect(JSON.parse(sent.body)).toEqual({ req_key: 'jimeng_high_aes_general_v21_L', prompt: 'a red fox', return_url: true, width: 768, height: 768 });
  });

  it('generates a Jimeng image as base64, extra_fields laid over the body', async () => {
    const params = { model: 'jimeng-test', prompt: 'a red fox', response_format: 'b64_json', extra_fields: { seed: 7, use_sr: true } } as OpenAI.ImageGenerateParamsNonStreaming;
    const r = await billed(10_000, 'jimeng-test', () => openai.images.generate(params));
    expect(r.data).toEqual([{ b64_json: DRAWN }]);
    expect(JSON.parse(mock.sent('/?Action=CVProcess').at(-1)!.body)).toEqual({ req_key: 'jimeng_high_aes_general_v21_L', prompt: 'a red fox', seed: 7, use_sr: true });
  });

  it('signs again a body the channel’s param_override changed', async () => {
    const r = await billed(10_000, 'jimeng-seeded', () => openai.images.generate({ model: 'jimeng-seeded', prompt: 'a red fox' }));
    expect(r.data).toEqual([{ url: `${mock.url}/files/jimeng-0.png` }]);
    expect(JSON.parse(mock.sent('/?Action=CVProcess').at(-1)!.body)).toEqual({ req_key: 'jimeng-seeded', prompt: 'a red fox', return_url: true, seed: 9, use_pre_llm: true });
  });

  it('edits an image through Replicate: the image uploaded to the files API, then a prediction reading it', async () => {
    const image = await toFile(PNG, 'cat.png', { type: 'image/png' });
    const r = await billed(20_000, 'flux-edit', () => openai.images.edit({ model: 'flux-edit', image, prompt: 'add a hat', size: '1024x1024' }));
    expect(r.data).toEqual([{ url: `${mock.url}/files/out-0.png` }]);
    const upload = mock.sent('/v1/files').at(-1)!;
    expect(upload.headers.authorization).toBe('Bearer r8_test');
    expect(mock.files.get('file-1')).toEqual(PNG);
    const sent = mock.sent('/v1/models/').at(-1)!;
    expect(sent.path).toBe('/v1/models/black-forest-labs/flux-kontext-pro/predictions');
    expect(JSON.parse(sent.body)).toEqual({ input: { prompt: 'add a hat', aspect_ratio: '1:1', image_prompt: `${mock.url}/v1/files/file-1` } });
  });

  it('edits with b64_json: the outputs fetched and inlined, billed per image', async () => {
    const image = await toFile(PNG, 'cat.png', { type: 'image/png' });
    const r = await billed(40_000, 'flux-edit', () => openai.images.edit({ model: 'flux-edit', image, prompt: 'add a hat', n: 2, response_format: 'b64_json' }));
    expect(r.data).toEqual([{ b64_json: PNG.toString('base64') }, { b64_json: PNG.toString('base64') }]);
    expect(JSON.parse(mock.sent('/v1/models/').at(-1)!.body).input).toMatchObject({ num_outputs: 2, image_prompt: `${mock.url}/v1/files/file-2` });
  });

  it('gives Jimeng’s refusal and a broken answer to the client as clean errors, costing nothing', async () => {
    const refused = await costsNothing(() => openai.images.generate({ model: 'jimeng-test', prompt: 'something forbidden' }));
    expect(refused.status).toBe(500);
    expect(refused.message).toContain('Post Text Risk Not Pass');
    expect(refused.code).toBe('50413');
    const broken = await costsNothing(() => openai.images.generate({ model: 'jimeng-test', prompt: 'garbled answer' }));
    expect(broken.status).toBe(502);
    expect(broken.code).toBe('bad_response_body');
  });

  it('refuses n > 1 on Jimeng with a 400 before CVProcess is called', async () => {
    const calls = mock.sent('/?Action=CVProcess').length;
    const err = await costsNothing(() => openai.images.generate({ model: 'jimeng-test', prompt: 'two foxes', n: 2 }));
    expect(err.status).toBe(400);
    expect(err.message).toContain('n must be 1 for Jimeng images');
    expect(mock.sent('/?Action=CVProcess')).toHaveLength(calls);
  });

  it('fails a Jimeng channel whose key cannot sign, without sending anything or showing the key', async () => {
    const calls = mock.seen.length;
    const err = await costsNothing(() => openai.images.generate({ model: 'jimeng-relayed', prompt: 'a fox' }));
    expect(err.status).toBe(502);
    expect(err.code).toBe('authorize_failed');
    expect(err.message).toContain("expected 'ak|sk'");
    expect(err.message).not.toContain('sk-another-new-api-key');
    expect(mock.seen.length).toBe(calls);
  });

  it('fails an edit whose upload is refused, with no prediction made and nothing charged', async () => {
    const predictions = mock.sent('/v1/models/').length;
    const image = await toFile(PNG, 'cat.png', { type: 'image/png' });
    const err = await costsNothing(() => openai.images.edit({ model: 'flux-revoked', image, prompt: 'add a hat' }));
    expect(err.status).toBe(502);
    expect(err.message).toContain('upload image failed: status 401');
    expect(err.message).not.toContain('r8_revoked');
    expect(mock.sent('/v1/models/')).toHaveLength(predictions);
  });

  it('answers /jimeng as it answers /jimeng/', async () => {
    const body = { req_key: 'jimeng_vgfm_t2v_l20', prompt: 'x' };
    const slash = await taskCall(f.gw, 'POST', '/jimeng/', tokenKey, body, 'bearer');
    const bare = await taskCall(f.gw, 'POST', '/jimeng', tokenKey, body, 'bearer');
    for (const r of [slash, bare]) expect(r).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('Action query parameter is required') } } });
    expect(bare.body.error).toMatchObject({ type: (slash.body.error as { type: string }).type, code: (slash.body.error as { code: string }).code });
  });
});
