import { describe, expect, it } from 'vitest';
import { soraVideo } from './sora-video.js';
import { videoSubmitFromForm, videoSubmitFromJson } from './video-submit-body.js';

const ch = { base: 'https://api.example', key: 'sk-up', upstreamModel: 'sora-2-pro' };
const submit = (body: Record<string, unknown>) => {
  const r = videoSubmitFromJson(body);
  if (!r.ok) throw new Error(r.message);
  return r.submit;
};

describe('soraVideo', () => {
  it.each([
    [{ model: 'sora-2', prompt: 'p' }, { seconds: 4, size: 1 }],
    [{ model: 'sora-2', prompt: 'p', seconds: '12', size: '1792x1024' }, { seconds: 12, size: 1.666667 }],
    [{ model: 'sora-2', prompt: 'p', duration: 8, size: '1024x1792' }, { seconds: 8, size: 1.666667 }],
    [{ model: 'sora-2', prompt: 'p', size: '1280x720' }, { seconds: 4, size: 1 }],
  ])('ratios %j', (body, want) => {
    expect(soraVideo.ratios(submit(body))).toEqual(want);
  });

  it('forwards a JSON body with the upstream model and without group', async () => {
    const r = await soraVideo.submitRequest(submit({ model: 'sora-2', prompt: 'p', group: 'vip', extra: 1 }), ch, 0);
    expect(r).toMatchObject({ url: 'https://api.example/v1/videos', method: 'POST', headers: { authorization: 'Bearer sk-up', 'content-type': 'application/json' } });
    expect(JSON.parse(String(r.body))).toEqual({ model: 'sora-2-pro', prompt: 'p', extra: 1 });
  });

  it('sends a remix to the upstream id it remixes, with the upstream model and without group', () => {
    const remix = Object.assign(submit({ model: 'sora-2', prompt: 'p' }), { raw: { kind: 'json' as const, body: { prompt: 'brighter', group: 'vip' } }, remixOf: 'video_9' });
    const r = soraVideo.remixRequest!(remix, ch, 'video_9');
    expect(r).toMatchObject({ url: 'https://api.example/v1/videos/video_9/remix', method: 'POST', headers: { authorization: 'Bearer sk-up', 'content-type': 'application/json' } });
    expect(JSON.parse(String(r.body))).toEqual({ model: 'sora-2-pro', prompt: 'brighter' });
    expect(soraVideo.remixRequest!(remix, ch, 'a/b?c').url).toBe('https://api.example/v1/videos/a%2Fb%3Fc/remix');
  });

  it('re-encodes a multipart body with the upstream model', async () => {
    const f = new FormData();
    f.append('model', 'sora-2');
    f.append('prompt', 'waves');
    f.append('input_reference', new Blob([Uint8Array.from([1, 2, 3])], { type: 'image/png' }), 'ref.png');
    const s = videoSubmitFromForm(f);
    if (!s.ok) throw new Error(s.message);
    const r = await soraVideo.submitRequest(s.submit, ch, 0);
    const back = await new Response(Uint8Array.from(r.body as Buffer), { headers: { 'content-type': r.headers['content-type']! } }).formData();
    expect(back.get('model')).toBe('sora-2-pro');
    expect(back.get('prompt')).toBe('waves');
    expect((back.get('input_reference') as File).size).toBe(3);
  });

  it.each([
    [200, '{"id":"video_1","status":"queued"}', { ok: true, upstreamId: 'video_1' }],
    [200, '{"task_id":"video_2"}', { ok: true, upstreamId: 'video_2' }],
    [200, '{"status":"queued"}', { ok: false, status: 500, code: 'invalid_response' }],
    [200, 'nope', { ok: false, status: 500, code: 'unmarshal_response_body_failed' }],
    [400, '{"error":{"message":"bad"}}', { ok: false, status: 400, code: 'fail_to_fetch_task' }],
  ])('parseSubmit %i %s', (status, body, want) => {
    expect(soraVideo.parseSubmit(status, body)).toMatchObject(want);
  });

  it.each([
    ['{"status":"queued","progress":0}', { status: 'QUEUED', progress: '', url: '', reason: '' }],
    ['{"status":"In_Progress","progress":45}', { status: 'IN_PROGRESS', progress: '45%' }],
    ['{"status":"completed","progress":100}', { status: 'SUCCESS', progress: '' }],
    ['{"status":"failed","error":{"message":"moderation"}}', { status: 'FAILURE', reason: 'moderation' }],
    ['{"status":"cancelled"}', { status: 'FAILURE', reason: 'task failed' }],
    ['{"status":"weird"}', { status: '' }],
  ])('parsePoll %s', (body, want) => {
    expect(soraVideo.parsePoll(body)).toMatchObject(want);
  });

  it('polls and fetches content by the upstream id with the key', async () => {
    expect(await soraVideo.pollRequest(ch, 'video_1', { action: 'generate', upstreamModel: 'sora-2' }, 0)).toEqual({ url: 'https://api.example/v1/videos/video_1', method: 'GET', headers: { authorization: 'Bearer sk-up' } });
    expect(soraVideo.contentRequest!(ch, 'video_1').url).toBe('https://api.example/v1/videos/video_1/content');
  });
});
