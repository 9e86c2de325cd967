import { describe, expect, it } from 'vitest';
import { mjSubmitAnswer, mjSubmitOutcome } from './mj-submit-outcome.js';

const NOW = 1_700_000_000_000;
const answer = (v: unknown) => mjSubmitAnswer.parse(v);

describe('mjSubmitOutcome', () => {
  it.each([
    [200, { code: 1, description: '提交成功', result: '1712' }, 'IMAGINE', true, { code: 1, mj_id: '1712', status: '', progress: '0%' }, 1],
    [200, { code: 22, description: '排队中', result: '1712' }, 'IMAGINE', true, { code: 22, status: '' }, 1],
    [200, { code: 21, description: '任务已存在', result: '1712', properties: { status: 'IN_PROGRESS', imageUrl: '' } }, 'UPSCALE', true, { code: 21, status: 'IN_PROGRESS' }, 1],
    [200, { code: 21, result: '1712', properties: { status: 'SUCCESS', imageUrl: 'https://cdn/x.png' } }, 'UPSCALE', true, { code: 1, status: 'SUCCESS', progress: '100%', image_url: 'https://cdn/x.png', start_time: NOW, finish_time: NOW }, 1],
    [200, { code: 21, result: '1712' }, 'INPAINT', true, { code: 21, status: '' }, 21],
    [200, { code: 1, result: ['https://cdn/a.png'] }, 'UPLOAD', true, { mj_id: '', status: 'SUCCESS', progress: '100%' }, 1],
    [200, { code: 23, description: '队列已满，请稍后尝试', result: '99' }, 'IMAGINE', false, { code: 23, status: 'FAILURE', progress: '100%', fail_reason: '队列已满，请稍后尝试', finish_time: NOW }, 23],
    [200, { code: 24, description: '可能包含敏感词', properties: { bannedWord: 'x' } }, 'IMAGINE', false, { mj_id: '', status: 'FAILURE' }, 24],
    [500, { code: 1, result: '1712' }, 'IMAGINE', false, { status: 'FAILURE', fail_reason: 'HTTP 500' }, 1],
  ])('HTTP %i %j (%s)', (status, body, action, accepted, row, clientCode) => {
    const out = mjSubmitOutcome(status, answer(body), action, NOW);
    expect(out.accepted).toBe(accepted);
    expect(out.row).toMatchObject(row);
    expect(out.clientBody.code).toBe(clientCode);
  });

  it('keeps every other field of the answer for the client', () => {
    const out = mjSubmitOutcome(200, answer({ code: 22, description: 'd', result: '5', properties: { numberOfQueues: 1 }, extra: true }), 'IMAGINE', NOW);
    expect(out.clientBody).toEqual({ code: 1, description: 'd', result: '5', properties: { numberOfQueues: 1 }, extra: true });
  });

  it('does not take an answer without an integer code', () => {
    for (const v of [{}, { code: '1' }, { code: 1.5 }, null, 'ok']) expect(mjSubmitAnswer.safeParse(v).success).toBe(false);
  });
});
