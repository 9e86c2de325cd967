import { describe, expect, it } from 'vitest';
import { testConfig } from '../../actors/test-channel-config.js';
import type { MediaRequest } from '../../formats/media/media-request.js';
import { fluxSize, imageFields, predictionInput, predictionUrls, REPLICATE, replicateRequest } from './replicate-images.js';
import { editImage, uploadedUrl } from './replicate-upload.js';

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

  const editReq = (fields: Record<string, string>, files: Array<[string, string]> = [['image', 'a.png']]): MediaRequest => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const [field, name] of files) form.append(field, new File([Buffer.from(name)], name, { type: 'image/png' }));
    return { kind: 'image_edit', model: fields.model ?? '', body: { type: 'multipart', form }, image: null, text: '', audio: null };
  };

  it('reads an edit’s form fields as a generation’s JSON, and no others', () => {
    expect(imageFields(editReq({ model: 'm', prompt: 'a hat', size: '1024x1536', n: '2', quality: 'high', response_format: 'b64_json', output_format: 'webp', user: 'u', background: 'x' }))).toEqual({
      prompt: 'a hat',
      size: '1024x1536',
      n: 2,
      quality: 'high',
      response_format: 'b64_json',
      output_format: 'webp',
    });
    expect(imageFields(imageReq({ prompt: 'p', seed: 1 }))).toEqual({ prompt: 'p', seed: 1 });
  });

  it('sends an edit as a prediction whose image_prompt is the uploaded image', () => {
    const req = editReq({ prompt: 'a hat', size: '1024x1536', n: '1' });
    const call = replicateRequest(req, { ch: testConfig({ type: 56 }), base: 'https://r/', key: 'r8_k', model: 'black-forest-labs/flux-1.1-pro', prepared: { image_prompt: 'https://r/files/f1' } });
    expect(call.url).toBe('https://r/v1/models/black-forest-labs/flux-1.1-pro/predictions');
    expect(JSON.parse(String(call.body))).toEqual({ input: { prompt: 'a hat', aspect_ratio: '2:3', num_outputs: 1, image_prompt: 'https://r/files/f1' } });
    // without the upload's URL there is nothing to edit: the adaptor's failure, not a prediction without the image
    expect(() => replicateRequest(req, { ch: testConfig({ type: 56 }), base: 'https://r', key: 'k', model: '' })).toThrow('image file is required for edits');
    expect(REPLICATE.kinds).toEqual(['image_generation', 'image_edit']);
  });

  it.each([
    [[['image', 'a.png'], ['image_prompt', 'b.png']], 'a.png'],
    [[['mask', 'm.png'], ['image[]', 'b.png']], 'b.png'],
    [[['image_prompt', 'c.png']], 'c.png'],
    [[['other', 'd.png']], 'd.png'],
    [[], null],
  ] as Array<[Array<[string, string]>, string | null]>)('picks the edit image from %o: %s', (files, name) => {
    const req = editReq({ prompt: 'p' }, files);
    expect(req.body.type === 'multipart' ? (editImage(req.body.form)?.name ?? null) : 'json').toBe(name);
  });

  it.each([
    [{ id: 'f', urls: { get: 'https://api.replicate.com/v1/files/f' } }, 'https://api.replicate.com/v1/files/f'],
    [{ urls: { get: '' } }, null],
    [{ urls: {} }, null],
    [{ detail: 'Unauthenticated' }, null],
    [null, null],
  ])('reads the uploaded URL of %o: %s', (answer, url) => expect(uploadedUrl(answer)).toBe(url));
});
