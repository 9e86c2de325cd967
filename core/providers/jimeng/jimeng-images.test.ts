import { describe, expect, it } from 'vitest';
import { testConfig } from '../../actors/test-channel-config.js';
import { MediaRequestError, type MediaRequest } from '../../formats/media/media-request.js';
import { volcSign } from '../volcengine/volc-sign.js';
import { JIMENG_IMAGE_MODEL, jimengImageAnswer, jimengImageBody, jimengImageRequest, jimengSize } from './jimeng-images.js';

const imageReq = (json: Record<string, unknown>): MediaRequest => ({ kind: 'image_generation', model: String(json.model ?? ''), body: { type: 'json', json }, image: null, text: '', audio: null });
const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);

describe('Jimeng images', () => {
  it.each([
    ['1024x1024', JIMENG_IMAGE_MODEL, { width: 768, height: 768 }],
    ['512x512', JIMENG_IMAGE_MODEL, { width: 512, height: 512 }],
    ['1792x1024', JIMENG_IMAGE_MODEL, { width: 768, height: 439 }],
    ['100x100', JIMENG_IMAGE_MODEL, { width: 256, height: 256 }],
    ['4000x100', JIMENG_IMAGE_MODEL, { width: 768, height: 256 }],
    ['1024x1024', 'jimeng_t2i_v30', { width: 1024, height: 1024 }],
    ['256x512', 'jimeng_t2i_v30', { width: 512, height: 1024 }],
    ['3000x1500', 'jimeng_t2i_v31', { width: 2048, height: 1024 }],
    ['1000 x 300', 'some_other_req_key', { width: 1000, height: 300 }],
    ['big', JIMENG_IMAGE_MODEL, null],
    ['0x10', JIMENG_IMAGE_MODEL, null],
  ])('maps size %s for %s to %o', (size, reqKey, out) => expect(jimengSize(size, reqKey)).toEqual(out));

  it.each([
    [{ prompt: 'a cat' }, { req_key: JIMENG_IMAGE_MODEL, prompt: 'a cat', return_url: true }],
    [{ prompt: 'a cat', response_format: 'url', n: 1 }, { req_key: JIMENG_IMAGE_MODEL, prompt: 'a cat', return_url: true }],
    [{ prompt: 'a cat', response_format: 'b64_json' }, { req_key: JIMENG_IMAGE_MODEL, prompt: 'a cat' }],
    [{ prompt: 'a cat', size: '1024x1024' }, { req_key: JIMENG_IMAGE_MODEL, prompt: 'a cat', return_url: true, width: 768, height: 768 }],
    // extra_fields go over everything, as new-api unmarshals them over its payload
    [
      { prompt: 'a cat', size: '1024x1024', extra_fields: { width: 512, seed: 42, use_sr: true, return_url: false, logo_info: { add_logo: true } } },
      { req_key: JIMENG_IMAGE_MODEL, prompt: 'a cat', return_url: false, width: 512, height: 768, seed: 42, use_sr: true, logo_info: { add_logo: true } },
    ],
    [{ prompt: 'p', quality: 'hd', user: 'u', extra_fields: 'not an object' }, { req_key: JIMENG_IMAGE_MODEL, prompt: 'p', return_url: true }],
  ])('builds the CVProcess body of %o', (json, body) => expect(jimengImageBody(json, JIMENG_IMAGE_MODEL)).toEqual(body));

  it('refuses n > 1 as the client’s to fix: CVProcess draws one image', () => {
    expect(() => jimengImageBody({ prompt: 'p', n: 2 }, JIMENG_IMAGE_MODEL)).toThrow(MediaRequestError);
    expect(() => jimengImageBody({ prompt: 'p', n: 2 }, JIMENG_IMAGE_MODEL)).toThrow('n must be 1 for Jimeng images');
  });

  it('posts CVProcess signed with the AK|SK (cn-north-1, cv)', () => {
    const call = jimengImageRequest(imageReq({ model: 'jm', prompt: 'p' }), { ch: testConfig({ type: 51 }), base: 'https://visual.volcengineapi.com/', key: ' ak1 | sk1 ', model: 'jimeng_t2i_v30', now: NOW });
    const url = 'https://visual.volcengineapi.com/?Action=CVProcess&Version=2022-08-31';
    const body = JSON.stringify({ req_key: 'jimeng_t2i_v30', prompt: 'p', return_url: true });
    const signed = (b: string) => volcSign({ method: 'POST', url, contentType: 'application/json', body: b, accessKey: 'ak1', secretKey: 'sk1', region: 'cn-north-1', service: 'cv', now: NOW });
    expect(call).toEqual({ url, headers: { accept: 'application/json', ...signed(body) }, body, sign: expect.any(Function) });
    // a body param_override changed is signed again
    expect(call.sign?.('{"seed":9}')).toEqual(signed('{"seed":9}'));
    expect(call.sign?.('{"seed":9}').authorization).not.toBe(call.headers.authorization);
    expect(call.headers.authorization).toMatch(/^HMAC-SHA256 Credential=ak1\/20260102\/cn-north-1\/cv\/request, SignedHeaders=content-type;host;x-content-sha256;x-date, Signature=[0-9a-f]{64}$/);
    // no upstream model: new-api's default req_key
    expect(JSON.parse(String(jimengImageRequest(imageReq({ prompt: 'p' }), { ch: testConfig({ type: 51 }), base: 'https://v', key: 'a|b', model: '', now: NOW }).body)).req_key).toBe(JIMENG_IMAGE_MODEL);
  });

  it.each(['sk-relay', 'a|b|c', 'only', '|sk'])('refuses to sign with the key %s', (key) => {
    expect(() => jimengImageRequest(imageReq({ prompt: 'p' }), { ch: testConfig({ type: 51 }), base: 'https://v', key, model: '', now: NOW })).toThrow("invalid api key format for jimeng: expected 'ak|sk'");
  });

  const answer = (data: Record<string, unknown>) => ({ code: 10000, message: 'Success', data, request_id: 'r', status: 10000, time_elapsed: '1s' });
  it.each([
    [answer({ image_urls: ['https://x/1.png'], binary_data_base64: ['QUJD'] }), {}, [{ url: 'https://x/1.png' }]],
    [answer({ image_urls: ['https://x/1.png'], binary_data_base64: ['QUJD'] }), { response_format: 'b64_json' }, [{ b64_json: 'QUJD' }]],
    [answer({ binary_data_base64: ['QUJD', ''] }), { response_format: 'url' }, [{ b64_json: 'QUJD' }]],
    [answer({ image_urls: ['https://x/1.png'], binary_data_base64: null }), { response_format: 'b64_json' }, [{ url: 'https://x/1.png' }]],
  ])('answers %o (client %o) as %o', (p, json, data) => expect(jimengImageAnswer(p, json, 1700000000)).toEqual({ ok: true, value: { created: 1700000000, data } }));

  it.each([
    [{ code: 50413, message: 'Post Text Risk Not Pass', data: null }, { status: 500, message: 'Post Text Risk Not Pass', type: 'jimeng_error', code: '50413' }],
    [{ code: 50429, message: '' }, { status: 500, message: 'jimeng error 50429', type: 'jimeng_error', code: '50429' }],
    [{ message: 'no code' }, { status: 500, message: 'no code', type: 'jimeng_error', code: '-1' }],
    [answer({ image_urls: [], binary_data_base64: [] }), { status: 502, message: 'jimeng returned no image', type: 'upstream_error', code: 'bad_response_body' }],
    [answer({}), { status: 502, code: 'bad_response_body' }],
  ])('refuses %o', (p, failure) => {
    const r = jimengImageAnswer(p, {}, 1);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.failure).toMatchObject(failure);
  });
});
