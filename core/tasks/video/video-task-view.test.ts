import { describe, expect, it } from 'vitest';
import { soraVideo } from './sora-video.js';
import type { VideoTaskRow } from './video-row.js';
import { openAiVideoStatus, openAiVideoView, videoTaskDto } from './video-task-view.js';

const row = (over: Partial<VideoTaskRow> = {}): VideoTaskRow => ({
  id: 7, created_at: 100, updated_at: 180, task_id: 'task_abc', platform: '55', user_id: 1, channel_id: 2, quota: 10, action: 'generate',
  status: 'SUCCESS', fail_reason: '', submit_time: 100, start_time: 120, finish_time: 180, progress: '100%',
  properties: '{"input":"a cat","origin_model_name":"sora-2","upstream_model_name":"sora-2"}',
  data: '{"id":"video_up","object":"video","status":"completed","progress":100,"seconds":"8"}',
  private_data: '{"upstream_task_id":"video_up","result_url":"https://gw/v1/videos/task_abc/content","key":"secret"}', ...over,
});

describe('openAiVideoStatus', () => {
  it.each([['QUEUED', 'queued'], ['SUBMITTED', 'queued'], ['IN_PROGRESS', 'in_progress'], ['SUCCESS', 'completed'], ['FAILURE', 'failed'], ['NOT_START', 'unknown']])('%s → %s', (s, v) => {
    expect(openAiVideoStatus(s)).toBe(v);
  });
});

describe('videoTaskDto', () => {
  it('shows the public id and the result URL, never the private data', () => {
    const dto = videoTaskDto(row());
    expect(dto).toMatchObject({ code: 'success', data: { task_id: 'task_abc', status: 'SUCCESS', result_url: 'https://gw/v1/videos/task_abc/content', properties: { input: 'a cat' } } });
    expect(JSON.stringify(dto)).not.toContain('secret');
    expect(dto.data).not.toHaveProperty('private_data');
  });
});

describe('openAiVideoView', () => {
  it('Sora: the stored object under the public id', () => {
    expect(openAiVideoView(row(), soraVideo)).toEqual({ id: 'task_abc', object: 'video', status: 'completed', progress: 100, seconds: '8' });
  });
  it('Sora: a just-submitted task reads queued; a failure carries its reason', () => {
    expect(openAiVideoView(row({ status: 'NOT_START', progress: '0%' }), soraVideo)).toMatchObject({ status: 'queued', progress: 0 });
    expect(openAiVideoView(row({ status: 'FAILURE', fail_reason: 'moderation' }), soraVideo)).toMatchObject({ status: 'failed', error: { message: 'moderation' } });
  });
  it('generic: the task as an OpenAI video with the URL in metadata', () => {
    const kling = row({ platform: '50', data: '{"code":0}', private_data: '{"upstream_task_id":"k1","result_url":"https://cdn/v.mp4"}' });
    expect(openAiVideoView(kling, null)).toEqual({
      id: 'task_abc', object: 'video', model: 'sora-2', status: 'completed', progress: 100, created_at: 100, completed_at: 180, metadata: { url: 'https://cdn/v.mp4' },
    });
    expect(openAiVideoView(row({ status: 'IN_PROGRESS', progress: '30%' }), null)).toMatchObject({ status: 'in_progress', progress: 30, metadata: { url: '' } });
  });
});
