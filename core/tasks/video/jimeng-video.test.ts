import { describe, expect, it } from 'vitest';
import { jimengBody, jimengReqKey, jimengVideo } from './jimeng-video.js';
import { videoSubmitFromJimeng, videoSubmitFromJson } from './video-submit-body.js';
import { volcSign } from '../../providers/volcengine/volc-sign.js';

const submit = (body: Record<string, unknown>) => {
  const r = videoSubmitFromJson({ model: 'jimeng_vgfm_t2v_l20', prompt: 'p', ...body });
  if (!r.ok) throw new Error(r.message);
  return r.submit;
};
const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);

describe('jimengReqKey', () => {
  it.each([
    ['jimeng_vgfm_t2v_l20', 0, 'jimeng_vgfm_t2v_l20'],
    ['jimeng_v30_pro', 2, 'jimeng_ti2v_v30_pro'],
    ['jimeng_v30', 0, 'jimeng_t2v_v30'],
    ['jimeng_v30_1080p', 1, 'jimeng_i2v_first_v30_1080'],
    ['jimeng_v30_1080p', 2, 'jimeng_i2v_first_tail_v30_1080'],
    ['jimeng_v30_1080p', 0, 'jimeng_t2v_v30_1080p'],
  ])('%s with %i images → %s', (key, n, want) => {
    expect(jimengReqKey(key, n)).toBe(want);
  });
});

describe('jimengVideo', () => {
  it('builds new-api defaults: frames from seconds, URLs or base64 images, metadata over all', () => {
    expect(jimengBody(submit({}), 'jimeng_vgfm_t2v_l20')).toEqual({ req_key: 'jimeng_vgfm_t2v_l20', prompt: 'p', seed: 0, aspect_ratio: '', frames: 121 });
    expect(jimengBody(submit({ duration: 10, image: 'https://x/a.png', metadata: { aspect_ratio: '16:9' } }), 'jimeng_v30')).toMatchObject({ req_key: 'jimeng_i2v_first_v30', image_urls: ['https://x/a.png'], frames: 241, aspect_ratio: '16:9' });
    expect(jimengBody(submit({ images: ['AAAA', 'BBBB'] }), 'jimeng_v30')).toMatchObject({ req_key: 'jimeng_i2v_first_tail_v30', binary_data_base64: ['AAAA', 'BBBB'] });
  });

  it('a Jimeng-native body (/jimeng/) is stored with the action its images give, so its poll asks with the req_key it was sent with', async () => {
    const r = videoSubmitFromJimeng({ req_key: 'jimeng_v30', prompt: 'p', image_urls: ['https://x/a.png'], seed: 3 });
    if (!r.ok) throw new Error(r.message);
    expect(jimengVideo.action(r.submit)).toBe('generate');
    const body = jimengBody(r.submit, 'jimeng_v30');
    expect(body).toMatchObject({ req_key: 'jimeng_i2v_first_v30', image_urls: ['https://x/a.png'], seed: 3 });
    const poll = await jimengVideo.pollRequest({ base: 'https://relay', key: 'sk-x' }, 't1', { action: jimengVideo.action(r.submit), upstreamModel: 'jimeng_v30' }, NOW);
    expect(JSON.parse(String(poll.body))).toMatchObject({ req_key: body.req_key });
  });

  it('signs the submit with AK|SK for cn-north-1/cv', async () => {
    const r = await jimengVideo.submitRequest(submit({}), { base: 'https://visual.example', key: 'AK1|SK1', upstreamModel: 'jimeng_vgfm_t2v_l20' }, NOW);
    expect(r.url).toBe('https://visual.example/?Action=CVSync2AsyncSubmitTask&Version=2022-08-31');
    const want = volcSign({ method: 'POST', url: r.url, contentType: 'application/json', body: String(r.body), accessKey: 'AK1', secretKey: 'SK1', region: 'cn-north-1', service: 'cv', now: NOW });
    expect(r.headers).toMatchObject(want);
    expect(r.headers.authorization).toMatch(/^HMAC-SHA256 Credential=AK1\/20260102\/cn-north-1\/cv\/request, SignedHeaders=content-type;host;x-content-sha256;x-date, Signature=[0-9a-f]{64}$/);
  });

  it('asks another new-api under /jimeng with its sk- key, and refuses a malformed key', async () => {
    const r = await jimengVideo.pollRequest({ base: 'https://relay', key: 'sk-x' }, 't1', { action: 'firstTailGenerate', upstreamModel: 'jimeng_v30' }, NOW);
    expect(r).toMatchObject({ url: 'https://relay/jimeng/?Action=CVSync2AsyncGetResult&Version=2022-08-31', headers: { authorization: 'Bearer sk-x' } });
    expect(JSON.parse(String(r.body))).toEqual({ req_key: 'jimeng_i2v_first_tail_v30', task_id: 't1' });
    await expect(jimengVideo.pollRequest({ base: 'https://v', key: 'only' }, 't1', { action: 'generate', upstreamModel: '' }, NOW)).rejects.toThrow(/ak\|sk/);
  });

  it.each([
    [200, '{"code":10000,"data":{"task_id":"7392"}}', { ok: true, upstreamId: '7392' }],
    [200, '{"code":50411,"message":"Pre Img Risk Not Pass"}', { ok: false, status: 500, code: '50411', message: 'Pre Img Risk Not Pass' }],
    [401, '{}', { ok: false, status: 401, code: 'fail_to_fetch_task' }],
  ])('parseSubmit %i %s', (status, body, want) => {
    expect(jimengVideo.parseSubmit(status, body)).toMatchObject(want);
  });

  it.each([
    ['{"code":10000,"data":{"status":"in_queue"}}', { status: 'QUEUED', progress: '10%' }],
    ['{"code":10000,"data":{"status":"generating"}}', { status: 'IN_PROGRESS' }],
    ['{"code":10000,"data":{"status":"done","video_url":"https://v/x.mp4"}}', { status: 'SUCCESS', url: 'https://v/x.mp4' }],
    ['{"code":10000,"data":{"status":"expired"}}', { status: 'FAILURE', reason: 'expired' }],
    ['{"code":50413,"message":"Post Text Risk Not Pass"}', { status: 'FAILURE', reason: 'Post Text Risk Not Pass' }],
    ['{"code":10000,"data":{"status":"mystery"}}', null],
  ])('parsePoll %s', (body, want) => {
    const r = jimengVideo.parsePoll(body);
    if (want === null) expect(r).toBeNull();
    else expect(r).toMatchObject(want);
  });
});
