import { describe, expect, it } from 'vitest';
import { mjTaskView, type MidjourneyRow } from './mj-task-view.js';

const row: MidjourneyRow = {
  id: 9, code: 1, user_id: 3, action: 'IMAGINE', mj_id: '1712', prompt: 'a cat', prompt_en: 'a cat', description: '提交成功',
  state: 's', submit_time: 1, start_time: 2, finish_time: 3, image_url: 'https://cdn/x.png', status: 'SUCCESS', progress: '100%',
  fail_reason: '', channel_id: 4, quota: 50000, buttons: '[{"customId":"MJ::JOB::upsample::1::h","label":"U1"}]', properties: '{"finalPrompt":"a cat"}',
};

describe('mjTaskView', () => {
  it('answers in Midjourney-Proxy’s shape, with the row’s own fields only', () => {
    expect(mjTaskView(row, null)).toEqual({
      id: '1712', action: 'IMAGINE', customId: '', botType: '', prompt: 'a cat', promptEn: 'a cat', description: '提交成功', state: 's',
      submitTime: 1, startTime: 2, finishTime: 3, imageUrl: 'https://cdn/x.png', status: 'SUCCESS', progress: '100%', failReason: '',
      buttons: [{ customId: 'MJ::JOB::upsample::1::h', label: 'U1' }], maskBase64: '', properties: { finalPrompt: 'a cat' },
    });
  });

  it.each([
    ['forwarded', 'https://cdn/x.png', (id: string) => `https://gw/mj/image/${id}?sig=s`, 'https://gw/mj/image/1712?sig=s'],
    ['no image yet', '', (id: string) => `https://gw/mj/image/${id}`, ''],
    ['forwarding off', 'https://cdn/x.png', null, 'https://cdn/x.png'],
  ])('image link: %s', (_, image_url, forward, want) => {
    expect(mjTaskView({ ...row, image_url }, forward).imageUrl).toBe(want);
  });

  it('decodes empty or broken JSON columns to null', () => {
    expect(mjTaskView({ ...row, buttons: '', properties: '{oops' }, null)).toMatchObject({ buttons: null, properties: null });
  });
});
