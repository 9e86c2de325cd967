import { describe, expect, it } from 'vitest';
import type { VideoPollResult } from './video-adapter.js';
import { videoRebill } from './video-rebill.js';

const done = (totalTokens?: number): VideoPollResult => ({ status: 'SUCCESS', progress: '100%', url: 'u', reason: '', totalTokens });
const row = (billing: object | null, quota = 50_000) => ({ quota, private_data: JSON.stringify({ upstream_task_id: 'cgt_1', ...(billing ? { billing_context: billing } : {}) }) });
const RATIO = { model_ratio: 0.5, group_ratio: 1, other_ratios: {}, per_call_billing: false };

describe('videoRebill (new-api RecalculateTaskQuotaByTokens on completion)', () => {
  it.each<[string, ReturnType<typeof row>, VideoPollResult, { actual: number; delta: number } | null]>([
    ['more than charged: the difference is charged', row(RATIO), done(246_000), { actual: 123_000, delta: 73_000 }],
    ['less than charged: the difference goes back', row(RATIO), done(40_000), { actual: 20_000, delta: -30_000 }],
    ['exactly as charged', row(RATIO, 20_000), done(40_000), { actual: 20_000, delta: 0 }],
    ['group ratio and other ratios multiply, truncated', row({ ...RATIO, group_ratio: 0.7, other_ratios: { video_input: 28 / 46 } }), done(1001), { actual: 213, delta: 213 - 50_000 }],
    ['a per-call task is never re-billed', row({ ...RATIO, per_call_billing: true }), done(246_000), null],
    ['a task from before the ratios were kept is not', row({ other_ratios: {} }), done(246_000), null],
    ['no billing context at all', row(null), done(246_000), null],
    ['no tokens reported', row(RATIO), done(undefined), null],
    ['zero tokens', row(RATIO), done(0), null],
    ['a ratio of 0', row({ ...RATIO, model_ratio: 0 }), done(1000), null],
    ['a result of 0 keeps the charge', row({ ...RATIO, model_ratio: 0.0001 }), done(1000), null],
    ['not finished', row(RATIO), { status: 'IN_PROGRESS', progress: '50%', url: '', reason: '', totalTokens: 1000 }, null],
  ])('%s', (_name, r, result, expected) => {
    const got = videoRebill(r, result);
    if (expected === null) expect(got).toBeNull();
    else expect(got).toMatchObject(expected);
  });
});
