import { describe, expect, it } from 'vitest';
import { viduBody, viduVideo } from './vidu-video.js';
import { videoSubmitFromJson } from './video-submit-body.js';

const submit = (body: Record<string, unknown>) => {
  const r = videoSubmitFromJson({ model: 'viduq2-pro', prompt: 'p', ...body });
  if (!r.ok) throw new Error(r.message);
  return r.submit;
};
const ch = { base: 'https://vidu', key: 'vk', upstreamModel: 'viduq2-pro' };

describe('viduVideo', () => {
  it.each([
    [{}, 'textGenerate', '/ent/v2/text2video'],
    [{ images: ['a'] }, 'generate', '/ent/v2/img2video'],
    [{ images: ['a', 'b'] }, 'firstTailGenerate', '/ent/v2/start-end2video'],
    [{ images: ['a', 'b', 'c'] }, 'referenceGenerate', '/ent/v2/reference2video'],
    [{ metadata: { action: 'generate' } }, 'generate', '/ent/v2/img2video'],
  ])('%j → %s', async (body, action, path) => {
    const s = submit(body);
    expect(viduVideo.action(s)).toBe(action);
    const r = await viduVideo.submitRequest(s, ch, 0);
    expect(r).toMatchObject({ url: `https://vidu${path}`, headers: { authorization: 'Token vk' } });
  });

  it('builds new-api defaults, lets metadata win, and strips the suffix for reference videos', () => {
    expect(viduBody(submit({}), '', 'textGenerate')).toEqual({ model: 'viduq1', images: [], prompt: 'p', duration: 5, resolution: '1080p', movement_amplitude: 'auto' });
    expect(viduBody(submit({ duration: 8, size: '720p', metadata: { seed: 3, bgm: true } }), 'viduq1', 'textGenerate')).toMatchObject({ duration: 8, resolution: '720p', seed: 3, bgm: true });
    expect(viduBody(submit({ images: ['a', 'b', 'c'] }), 'viduq2-pro', 'referenceGenerate').model).toBe('viduq2');
  });

  it.each([
    [200, '{"task_id":"v1","state":"created"}', { ok: true, upstreamId: 'v1' }],
    [200, '{"task_id":"v1","state":"failed"}', { ok: false, status: 400, code: 'task_failed' }],
    [200, '{"state":"created"}', { ok: false, code: 'invalid_response' }],
    [403, 'no credits', { ok: false, status: 403, code: 'fail_to_fetch_task' }],
  ])('parseSubmit %i %s', (status, body, want) => {
    expect(viduVideo.parseSubmit(status, body)).toMatchObject(want);
  });

  it.each([
    ['{"state":"queueing"}', { status: 'SUBMITTED' }],
    ['{"state":"processing"}', { status: 'IN_PROGRESS' }],
    ['{"state":"success","creations":[{"id":"c","url":"https://v/c.mp4","cover_url":"x"}]}', { status: 'SUCCESS', url: 'https://v/c.mp4' }],
    ['{"state":"failed","err_code":"AuditFailed"}', { status: 'FAILURE', reason: 'AuditFailed' }],
    ['{"state":"scheduling"}', null],
  ])('parsePoll %s', (body, want) => {
    const r = viduVideo.parsePoll(body);
    if (want === null) expect(r).toBeNull();
    else expect(r).toMatchObject(want);
  });

  it('polls the creations of a task', async () => {
    expect(await viduVideo.pollRequest({ base: 'https://vidu', key: 'vk' }, 'v1', { action: 'generate', upstreamModel: 'viduq1' }, 0)).toEqual({ url: 'https://vidu/ent/v2/tasks/v1/creations', method: 'GET', headers: { accept: 'application/json', authorization: 'Token vk' } });
  });
});
