import { describe, expect, it } from 'vitest';
import { sunoSubmitVerdict } from './suno-submit-answer.js';

describe('sunoSubmitVerdict', () => {
  it.each([
    [200, '{"code":"success","message":"","data":"task-1"}', { ok: true, taskId: 'task-1' }],
    [200, '{"code":"success","data":"task-1","extra":1}', { ok: true, taskId: 'task-1' }],
    [200, '{"code":"quota_exhausted","message":"empty account","data":null}', { ok: false, status: 500, code: 'quota_exhausted', message: 'empty account' }],
    [200, 'not json', { ok: false, status: 500, code: 'unmarshal_response_body_failed' }],
    [200, '', { ok: false, status: 500, code: 'unmarshal_response_body_failed' }],
    [200, '{"code":1}', { ok: false, status: 500, code: 'unmarshal_response_body_failed' }],
    [200, '{"code":"success","data":{"id":"x"}}', { ok: false, status: 500, code: 'unmarshal_response_body_failed', message: 'the upstream answer has no task id' }],
    [200, '{"code":"success","data":""}', { ok: false, code: 'unmarshal_response_body_failed' }],
    [200, `{"code":"success","data":"${'x'.repeat(51)}"}`, { ok: false, code: 'unmarshal_response_body_failed' }],
    [429, 'slow down', { ok: false, status: 429, code: 'fail_to_fetch_task', message: 'slow down' }],
    [502, 'x'.repeat(2000), { ok: false, status: 502, code: 'fail_to_fetch_task', message: 'x'.repeat(1000) }],
  ])('HTTP %i %s', (status, body, want) => {
    expect(sunoSubmitVerdict(status, body)).toMatchObject(want);
  });
});
