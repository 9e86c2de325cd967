import { describe, expect, it } from 'vitest';
import type { TaskRow } from '../suno/suno-task-view.js';
import { sunoPollUpdate, sunoUpstreamTask } from './suno-poll-update.js';

const row: TaskRow = {
  id: 1, created_at: 10, updated_at: 10, task_id: 's1', platform: 'suno', user_id: 2, channel_id: 3, quota: 50000, action: 'MUSIC',
  status: 'SUBMITTED', fail_reason: '', submit_time: 10, start_time: 0, finish_time: 0, progress: '10%', properties: '{"input":"x"}', data: '',
};
const item = (v: Record<string, unknown>) => sunoUpstreamTask.parse({ task_id: 's1', ...v });
const clips = [{ id: 'c1', audio_url: 'https://cdn/c1.mp3', image_url: 'https://cdn/c1.png' }];

describe('sunoPollUpdate', () => {
  it.each([
    ['running', { status: 'IN_PROGRESS', start_time: 12 }, { status: 'IN_PROGRESS', progress: '30%', start_time: 12, submit_time: 10 }, false],
    ['done with clips', { status: 'SUCCESS', finish_time: 20, data: clips }, { status: 'SUCCESS', progress: '100%', finish_time: 20, data: JSON.stringify(clips) }, false],
    ['lower-case words', { status: 'processing' }, { status: 'IN_PROGRESS' }, false],
    ['failed', { status: 'FAILURE', fail_reason: 'moderated' }, { status: 'FAILURE', progress: '100%', fail_reason: 'moderated' }, true],
    ['a reason alone fails it', { status: 'IN_PROGRESS', fail_reason: 'quota' }, { status: 'FAILURE', progress: '100%' }, true],
    ['unknown word', { status: 'weird' }, { status: 'UNKNOWN', progress: '10%' }, false],
  ])('%s', (_, upstream, want, failed) => {
    const r = sunoPollUpdate(row, item(upstream));
    expect(r?.failed).toBe(failed);
    expect(r?.update).toMatchObject(want);
  });

  it('changes nothing when the upstream has nothing new', () => {
    expect(sunoPollUpdate(row, item({ status: 'SUBMITTED' }))).toBeNull();
    expect(sunoPollUpdate(row, item({}))).toBeNull();
  });
});
