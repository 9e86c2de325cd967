import { describe, expect, it } from 'vitest';
import { videoSubmitFromForm, videoSubmitFromJimeng, videoSubmitFromJson, videoSubmitFromKling } from './video-submit-body.js';

describe('videoSubmitFromJson', () => {
  it.each([
    [{ model: 'sora-2', prompt: 'a cat' }, { model: 'sora-2', prompt: 'a cat', images: [], size: '', seconds: 0 }],
    [{ model: 'm', prompt: 'p', seconds: '8', size: '1280x720' }, { seconds: 8, size: '1280x720' }],
    [{ model: 'm', prompt: 'p', duration: 5, width: 720, height: 1280 }, { seconds: 5, size: '720x1280' }],
    [{ model: 'm', prompt: 'p', image: 'https://x/a.png', images: ['https://x/b.png'] }, { images: ['https://x/a.png', 'https://x/b.png'] }],
    [{ model: 'm', prompt: 'p', metadata: { cfg_scale: 0.7 } }, { metadata: { cfg_scale: 0.7 } }],
  ])('%j', (body, want) => {
    const r = videoSubmitFromJson(body);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.submit).toMatchObject(want);
  });

  it.each([
    [null, 'expected object'],
    [{ prompt: 'p' }, 'model is required'],
    [{ model: 'm' }, 'prompt is required'],
    [{ model: 'm', prompt: '  ' }, 'prompt is required'],
    [{ model: 'm', prompt: 'p', seconds: 'ten' }, null],
    [{ model: 'm', prompt: 'p', seconds: 301 }, 'seconds must be at most 300'],
    [{ model: 'm', prompt: 'p', images: 'x' }, null],
  ])('refuses %j', (body, message) => {
    const r = videoSubmitFromJson(body as Record<string, unknown> | null);
    expect(r.ok).toBe(false);
    if (!r.ok && message) expect(r.message.toLowerCase()).toContain(message.toLowerCase());
  });
});

describe('videoSubmitFromForm', () => {
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    return f;
  };
  it('reads model, prompt, seconds and size', () => {
    const r = videoSubmitFromForm(form({ model: 'sora-2', prompt: 'waves', seconds: '8', size: '1792x1024' }));
    expect(r).toMatchObject({ ok: true, submit: { model: 'sora-2', prompt: 'waves', seconds: 8, size: '1792x1024', raw: { kind: 'multipart' } } });
  });
  it.each([
    [{ prompt: 'p' }, 'model is required'],
    [{ model: 'm' }, 'prompt is required'],
    [{ model: 'm', prompt: 'p', seconds: '-1' }, 'seconds must be a whole number'],
  ])('refuses %j', (fields, message) => {
    expect(videoSubmitFromForm(form(fields))).toEqual({ ok: false, message });
  });
});

describe('videoSubmitFromKling', () => {
  it.each([
    [{ model_name: 'kling-v2-6', prompt: 'p', image: 'https://x/a.png', duration: '10' }, { model: 'kling-v2-6', prompt: 'p', metadata: { model_name: 'kling-v2-6', image: 'https://x/a.png', duration: '10' } }],
    [{ model: 'kling-v1', prompt: 'p' }, { model: 'kling-v1', metadata: { model: 'kling-v1', prompt: 'p' } }],
  ])('%j', (body, want) => {
    expect(videoSubmitFromKling(body)).toMatchObject({ ok: true, submit: want });
  });
  it.each([[{ prompt: 'p' }, 'model is required'], [{ model_name: 'k' }, 'prompt is required']])('refuses %j', (body, message) => {
    expect(videoSubmitFromKling(body)).toEqual({ ok: false, message });
  });
});

describe('videoSubmitFromJimeng', () => {
  it.each([
    [
      { req_key: 'jimeng_vgfm_t2v_l20', prompt: 'p', aspect_ratio: '16:9' },
      { model: 'jimeng_vgfm_t2v_l20', prompt: 'p', images: [], metadata: { req_key: 'jimeng_vgfm_t2v_l20', prompt: 'p', aspect_ratio: '16:9' } },
    ],
    [{ req_key: 'jimeng_v30', prompt: 'p', image_urls: ['https://x/a.png'] }, { model: 'jimeng_v30', images: ['https://x/a.png'], metadata: { image_urls: ['https://x/a.png'] } }],
    [{ req_key: 'jimeng_v30', prompt: 'p', binary_data_base64: ['AAA', 7, 'BBB'] }, { images: ['AAA', 'BBB'] }],
    [{ req_key: 'jimeng_v30', prompt: 'p', image_urls: 'https://x/a.png' }, { images: [] }],
  ])('%j', (body, want) => {
    expect(videoSubmitFromJimeng(body)).toMatchObject({ ok: true, submit: want });
  });

  it.each([
    [{ prompt: 'p' }, 'model is required'],
    [{ req_key: 7, prompt: 'p' }, 'model is required'],
    [{ req_key: 'jimeng_vgfm_t2v_l20' }, 'prompt is required'],
  ])('%j is refused: %s', (body, message) => {
    expect(videoSubmitFromJimeng(body)).toEqual({ ok: false, message });
  });
});
