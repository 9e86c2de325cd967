import { describe, expect, it } from 'vitest';
import type { MidjourneyRow } from '../midjourney/mj-task-view.js';
import { mjPollUpdate, mjUpstreamTask } from './mj-poll-update.js';

const row: MidjourneyRow = {
  id: 1, code: 1, user_id: 2, action: 'IMAGINE', mj_id: 'm1', prompt: 'cat', prompt_en: '', description: '', state: '',
  submit_time: 100, start_time: 0, finish_time: 0, image_url: '', status: '', progress: '0%', fail_reason: '', channel_id: 3,
  quota: 50000, buttons: '', properties: '',
};
const item = (v: Record<string, unknown>) => mjUpstreamTask.parse({ id: 'm1', submitTime: 100, ...v });

describe('mjPollUpdate', () => {
  it.each([
    ['in progress', { status: 'IN_PROGRESS', progress: '45%', startTime: 150 }, { status: 'IN_PROGRESS', progress: '45%', start_time: 150 }, false],
    ['done', { status: 'SUCCESS', progress: '100%', imageUrl: 'https://cdn/x.png', finishTime: 300, buttons: [{ customId: 'u1' }] }, { status: 'SUCCESS', image_url: 'https://cdn/x.png', buttons: '[{"customId":"u1"}]' }, false],
    ['failed', { status: 'FAILURE', progress: '0%', failReason: 'banned prompt' }, { status: 'FAILURE', progress: '100%', fail_reason: 'banned prompt' }, true],
    ['a reason before the end', { status: 'IN_PROGRESS', progress: '10%', failReason: 'account gone' }, { status: 'FAILURE', progress: '100%', fail_reason: 'account gone' }, true],
    ['cancelled', { status: 'CANCEL', progress: '0%' }, { status: 'FAILURE', progress: '100%', fail_reason: 'upstream status CANCEL' }, true],
    ['nulls', { status: 'SUBMITTED', progress: null, failReason: null, imageUrl: null, properties: null }, { status: 'SUBMITTED', progress: '', fail_reason: '', image_url: '' }, false],
    ['no submit time', { status: 'SUBMITTED', submitTime: null }, { submit_time: 100 }, false],
  ])('%s', (_, upstream, want, failed) => {
    const r = mjPollUpdate(row, item(upstream));
    expect(r?.failed).toBe(failed);
    expect(r?.update).toMatchObject(want);
  });

  it('changes nothing when the upstream says what the row says', () => {
    expect(mjPollUpdate(row, item({ status: '', progress: '0%' }))).toBeNull();
    const done = { ...row, status: 'SUCCESS', progress: '100%', buttons: '[]' };
    expect(mjPollUpdate(done, item({ status: 'SUCCESS', progress: '100%', buttons: [] }))).toBeNull();
  });

  it('bounds what it stores to the column sizes', () => {
    const r = mjPollUpdate(row, item({ status: 'X'.repeat(50), progress: '9'.repeat(50) }));
    expect(r?.update.status).toHaveLength(20);
    expect(r?.update.progress).toHaveLength(30);
  });
});
