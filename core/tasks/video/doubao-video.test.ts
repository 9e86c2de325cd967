import { describe, expect, it } from 'vitest';
import { doubaoVideo } from './doubao-video.js';
import { videoSubmitFromJson } from './video-submit-body.js';

describe('doubaoVideo', () => {
  it('sends the prompt and images as Ark content with the bearer key', async () => {
    const s = videoSubmitFromJson({ model: 'doubao-seedance-1-0-pro', prompt: 'a cat --dur 5', images: ['https://x/a.png'] });
    if (!s.ok) throw new Error(s.message);
    const r = await doubaoVideo.submitRequest(s.submit, { base: 'https://ark', key: 'ark-key', upstreamModel: 'ep-123' }, 0);
    expect(r).toMatchObject({ url: 'https://ark/api/v3/contents/generations/tasks', method: 'POST', headers: { authorization: 'Bearer ark-key' } });
    expect(JSON.parse(String(r.body))).toEqual({
      model: 'ep-123',
      content: [{ type: 'text', text: 'a cat --dur 5' }, { type: 'image_url', image_url: { url: 'https://x/a.png' } }],
    });
    expect((await doubaoVideo.pollRequest({ base: 'https://ark', key: 'k' }, 'cgt-1', { action: 'generate', upstreamModel: 'm' }, 0)).url).toBe('https://ark/api/v3/contents/generations/tasks/cgt-1');
  });

  it.each([
    [200, '{"id":"cgt-1"}', { ok: true, upstreamId: 'cgt-1' }],
    [200, '{}', { ok: false, code: 'invalid_response' }],
    [200, '[', { ok: false, code: 'unmarshal_response_body_failed' }],
    [429, 'slow', { ok: false, status: 429, code: 'fail_to_fetch_task' }],
  ])('parseSubmit %i %s', (status, body, want) => {
    expect(doubaoVideo.parseSubmit(status, body)).toMatchObject(want);
  });

  it.each([
    ['{"id":"c","status":"queued"}', { status: 'QUEUED', progress: '10%' }],
    ['{"id":"c","status":"processing"}', { status: 'IN_PROGRESS', progress: '50%' }],
    ['{"id":"c","status":"running"}', { status: 'IN_PROGRESS', progress: '30%' }],
    ['{"id":"c","status":"succeeded","content":{"video_url":"https://tos/v.mp4"}}', { status: 'SUCCESS', progress: '100%', url: 'https://tos/v.mp4' }],
    ['{"id":"c","status":"succeeded","content":{"video_url":"u"},"usage":{"completion_tokens":246000,"total_tokens":246000}}', { status: 'SUCCESS', url: 'u', totalTokens: 246_000 }],
    ['{"id":"c","status":"succeeded","content":{"video_url":"u"},"usage":{"total_tokens":"many"}}', { status: 'SUCCESS', totalTokens: 0 }],
    ['{"id":"c","status":"failed"}', { status: 'FAILURE', reason: 'task failed' }],
    ['{"id":"c","status":"failed","error":{"code":"x","message":"sensitive"}}', { status: 'FAILURE', reason: 'sensitive' }],
  ])('parsePoll %s', (body, want) => {
    expect(doubaoVideo.parsePoll(body)).toMatchObject(want);
  });

  it('reads the usage of a finished task only (new-api sets TotalTokens on success)', () => {
    expect(doubaoVideo.parsePoll('{"id":"c","status":"processing","usage":{"total_tokens":5}}')?.totalTokens).toBeUndefined();
  });
});
