import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { klingBearer } from './kling-jwt.js';
import { klingBody, klingVideo } from './kling-video.js';
import { videoSubmitFromJson } from './video-submit-body.js';

const submit = (body: Record<string, unknown>) => {
  const r = videoSubmitFromJson(body);
  if (!r.ok) throw new Error(r.message);
  return r.submit;
};
const NOW = 1_700_000_000_000;

describe('klingBearer', () => {
  it('signs AK|SK as HS256 with iss, exp +1800 s and nbf -5 s', async () => {
    const token = (await klingBearer(' ak-1 | sk-secret ', NOW))!;
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(token, new TextEncoder().encode('sk-secret'), { currentDate: new Date(NOW) });
    expect(payload).toEqual({ iss: 'ak-1', exp: 1_700_001_800, nbf: 1_699_999_995 });
  });
  it.each([['sk-relay', 'sk-relay'], ['only-one-part', null], ['a|b|c', null], ['|sk', null]])('%s', async (key, want) => {
    expect(await klingBearer(key, NOW)).toBe(want);
  });
});

describe('klingVideo', () => {
  it.each([
    [{ model: 'kling-v1', prompt: 'p' }, 'textGenerate', '/v1/videos/text2video'],
    [{ model: 'kling-v1', prompt: 'p', image: 'https://x/a.png' }, 'generate', '/v1/videos/image2video'],
  ])('%j → %s', async (body, action, path) => {
    const s = submit(body);
    expect(klingVideo.action(s)).toBe(action);
    const r = await klingVideo.submitRequest(s, { base: 'https://k.example', key: 'ak|sk', upstreamModel: 'kling-v2-master' }, NOW);
    expect(r.url).toBe(`https://k.example${path}`);
    expect(r.headers.authorization).toMatch(/^Bearer ey/);
  });

  it('builds new-api defaults and lets metadata win', () => {
    expect(klingBody(submit({ model: 'm', prompt: 'p', size: '1920x1080', metadata: { mode: 'pro', negative_prompt: 'n' } }), 'kling-v2-6')).toEqual({
      prompt: 'p', mode: 'pro', duration: '5', aspect_ratio: '16:9', model_name: 'kling-v2-6', model: 'kling-v2-6', cfg_scale: 0.5, negative_prompt: 'n',
    });
    expect(klingBody(submit({ model: 'm', prompt: 'p', duration: 10, size: '720x1280' }), '')).toMatchObject({ duration: '10', aspect_ratio: '9:16', model_name: 'kling-v1' });
  });

  it('sends to /kling on another new-api (sk- key) with the key as bearer', async () => {
    const r = await klingVideo.pollRequest({ base: 'https://relay', key: 'sk-abc' }, 'k1', { action: 'textGenerate', upstreamModel: '' }, NOW);
    expect(r).toMatchObject({ url: 'https://relay/kling/v1/videos/text2video/k1', headers: { authorization: 'Bearer sk-abc' } });
  });

  it('refuses a malformed key when building a request', async () => {
    await expect(klingVideo.pollRequest({ base: 'https://k', key: 'nobar' }, 'k1', { action: 'generate', upstreamModel: '' }, NOW)).rejects.toThrow(/accessKey\|secretKey/);
  });

  it.each([
    [200, '{"code":0,"message":"SUCCEED","data":{"task_id":"k-1","task_status":"submitted"}}', { ok: true, upstreamId: 'k-1' }],
    [200, '{"code":1201,"message":"bad prompt"}', { ok: false, status: 400, code: 'task_failed', message: 'bad prompt' }],
    [200, '{"code":0,"data":{}}', { ok: false, code: 'invalid_response' }],
    [401, 'no', { ok: false, status: 401, code: 'fail_to_fetch_task' }],
  ])('parseSubmit %i %s', (status, body, want) => {
    expect(klingVideo.parseSubmit(status, body)).toMatchObject(want);
  });

  it.each([
    ['{"code":0,"data":{"task_id":"k","task_status":"submitted"}}', { status: 'SUBMITTED', url: '' }],
    ['{"code":0,"data":{"task_id":"k","task_status":"processing"}}', { status: 'IN_PROGRESS' }],
    ['{"code":0,"data":{"task_id":"k","task_status":"succeed","task_result":{"videos":[{"id":"v","url":"https://cdn/v.mp4","duration":"5"}]}}}', { status: 'SUCCESS', url: 'https://cdn/v.mp4' }],
    ['{"code":0,"data":{"task_id":"k","task_status":"failed","task_status_msg":"risk control"}}', { status: 'FAILURE', reason: 'risk control' }],
    ['{"code":0,"data":{"task_id":"k","task_status":"paused"}}', null],
    ['garbage', null],
  ])('parsePoll %s', (body, want) => {
    const r = klingVideo.parsePoll(body);
    if (want === null) expect(r).toBeNull();
    else expect(r).toMatchObject(want);
  });
});
