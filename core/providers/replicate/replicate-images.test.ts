import { describe, expect, it } from 'vitest';
import { testConfig } from '../../actors/test-channel-config.js';
import type { MediaRequest } from '../../formats/media/media-request.js';
import { fluxSize, predictionInput, predictionUrls, replicateRequest } from './replicate-images.js';

const imageReq = (json: Record<string, unknown>): MediaRequest => ({ kind: 'image_generation', model: String(json.model ?? ''), body: { type: 'json', json }, image: null, text: '', audio: null });

describe('Replicate images', () => {
  it.each([
    ['1024x1024', { aspect_ratio: '1:1' }],
    ['1792x1024', { aspect_ratio: '16:9' }],
    ['1024x1792', { aspect_ratio: '9:16' }],
    ['1536x1024', { aspect_ratio: '3:2' }],
    ['1024x1536', { aspect_ratio: '2:3' }],
    ['1280x1024', { aspect_ratio: '5:4' }],
    ['800x600', { aspect_ratio: '4:3' }],
    ['1000x300', { aspect_ratio: 'custom', width: 992, height: 288 }],
    ['2000x100', { aspect_ratio: 'custom', width: 1440, height: 256 }],
    ['1030x500', { aspect_ratio: 'custom', width: 1024, height: 512 }],
    ['big', null],
    ['0x10', null],
  ])('maps size %s to %o', (size, out) => expect(fluxSize(size)).toEqual(out));

  it('builds the prediction input from the OpenAI fields, the extras and `input`', () => {
    expect(
      predictionInput({ model: 'm', prompt: 'a cat', n: 2, size: '1792x1024', quality: 'hd', response_format: 'url', output_format: 'png', user: 'u', seed: 7, extra_fields: { safety_tolerance: 2 }, input: { seed: 8 } }),
    ).toEqual({ prompt: 'a cat', aspect_ratio: '16:9', output_format: 'png', num_outputs: 2, prompt_upsampling: true, safety_tolerance: 2, seed: 8 });
    expect(predictionInput({ prompt: 'p', quality: 'standard' })).toEqual({ prompt: 'p' });
  });

  it('posts to the model predictions endpoint and waits for the result', () => {
    const call = replicateRequest(imageReq({ model: 'flux', prompt: 'p' }), { ch: testConfig({ type: 56 }), base: 'https://api.replicate.com/', key: 'r8_k', model: 'black-forest-labs/flux-schnell' });
    expect(call).toEqual({
      url: 'https://api.replicate.com/v1/models/black-forest-labs/flux-schnell/predictions',
      headers: { authorization: 'Bearer r8_k', prefer: 'wait', 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ input: { prompt: 'p' } }),
    });
    expect(replicateRequest(imageReq({ prompt: 'p' }), { ch: testConfig({ type: 56 }), base: 'https://r', key: 'k', model: '' }).url).toBe('https://r/v1/models/black-forest-labs/flux-1.1-pro/predictions');
  });

  it.each([
    [{ status: 'succeeded', output: 'https://x/1.webp' }, { ok: true, value: ['https://x/1.webp'] }],
    [{ status: 'succeeded', output: ['https://x/1.png', ' ', 7, 'https://x/2.png'] }, { ok: true, value: ['https://x/1.png', 'https://x/2.png'] }],
    [{ output: ['https://x/1.png'] }, { ok: true, value: ['https://x/1.png'] }],
  ])('reads the output URLs of %o', (p, out) => expect(predictionUrls(p)).toEqual(out));

  it.each([
    [{ status: 'failed', error: { detail: 'NSFW content detected' } }, 'NSFW content detected'],
    [{ status: 'failed', error: 'boom' }, 'boom'],
    [{ status: 'processing', output: null }, 'replicate prediction status: processing'],
    [{ status: 'succeeded', output: [] }, 'replicate prediction returned no output'],
  ])('refuses the prediction %o: %s', (p, message) => {
    const r = predictionUrls(p);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.failure).toMatchObject({ message, type: 'upstream_error' });
  });
});
