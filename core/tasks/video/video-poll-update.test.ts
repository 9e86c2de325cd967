import { describe, expect, it } from 'vitest';
import type { VideoPollResult } from './video-adapter.js';
import { videoPollUpdate } from './video-poll-update.js';
import type { VideoTaskRow } from './video-row.js';

const row = (over: Partial<VideoTaskRow> = {}): VideoTaskRow => ({
  id: 1, created_at: 100, updated_at: 100, task_id: 'task_x', platform: '55', user_id: 1, channel_id: 2, quota: 10, action: 'generate',
  status: 'NOT_START', fail_reason: '', submit_time: 100, start_time: 0, finish_time: 0, progress: '0%', properties: '{}', data: '{}',
  private_data: '{"upstream_task_id":"video_1"}', ...over,
});
const poll = (over: Partial<VideoPollResult>): VideoPollResult => ({ status: 'QUEUED', progress: '', url: '', reason: '', ...over });
const CONTENT = 'https://gw/v1/videos/task_x/content';

describe('videoPollUpdate', () => {
  it.each<[Partial<VideoPollResult>, Record<string, unknown>, boolean]>([
    [{ status: 'SUBMITTED' }, { status: 'SUBMITTED', progress: '10%', start_time: 0 }, false],
    [{ status: 'QUEUED' }, { status: 'QUEUED', progress: '20%' }, false],
    [{ status: 'IN_PROGRESS' }, { status: 'IN_PROGRESS', progress: '30%', start_time: 500 }, false],
    [{ status: 'IN_PROGRESS', progress: '45%' }, { progress: '45%' }, false],
    [{ status: 'SUCCESS', url: 'https://cdn/v.mp4' }, { status: 'SUCCESS', progress: '100%', finish_time: 500, private_data: '{"upstream_task_id":"video_1","result_url":"https://cdn/v.mp4"}' }, false],
    [{ status: 'SUCCESS' }, { private_data: `{"upstream_task_id":"video_1","result_url":"${CONTENT}"}` }, false],
    [{ status: 'SUCCESS', url: 'data:video/mp4;base64,AA' }, { private_data: '{"upstream_task_id":"video_1"}' }, false],
    [{ status: 'FAILURE', reason: 'moderation' }, { status: 'FAILURE', progress: '100%', fail_reason: 'moderation', finish_time: 500 }, true],
    [{ status: '' }, { status: 'FAILURE', fail_reason: 'upstream returned empty status' }, true],
  ])('%j', (r, want, failed) => {
    const out = videoPollUpdate(row(), poll(r), '{"raw":1}', 500, CONTENT);
    expect(out).not.toBeNull();
    expect(out!.failed).toBe(failed);
    expect(out!.update).toMatchObject({ ...want, data: '{"raw":1}', updated_at: 500 });
  });

  it('keeps times already set and reports no change for the same answer', () => {
    const r = row({ status: 'IN_PROGRESS', progress: '30%', start_time: 200, data: '{"a":1}' });
    expect(videoPollUpdate(r, poll({ status: 'IN_PROGRESS' }), '{"a":1}', 500, CONTENT)).toBeNull();
    expect(videoPollUpdate(r, poll({ status: 'SUCCESS' }), '{"a":2}', 500, CONTENT)!.update).toMatchObject({ start_time: 200, finish_time: 500 });
  });
});
