import { describe, expect, it } from 'vitest';
import { remixModel, remixRatios } from './remix-origin.js';

const row = (over: { properties?: string; data?: string; private_data?: string }) => Object.assign({ properties: '{}', data: '{}', private_data: '{}' }, over);

describe('remixModel', () => {
  it.each([
    [{ properties: '{"input":"p","origin_model_name":"sora-2","upstream_model_name":"sora-2-pro"}' }, 'sora-2'],
    [{ properties: '{"upstream_model_name":"sora-2-pro"}', data: '{"model":"x"}' }, 'sora-2-pro'],
    [{ properties: '', data: '{"model":"sora-2"}' }, 'sora-2'],
    [{ properties: 'not json', data: '[1]' }, ''],
  ])('%j → %j', (over, want) => {
    expect(remixModel(row(over))).toBe(want);
  });
});

describe('remixRatios', () => {
  it.each([
    // charged multipliers stored with the task win
    [{ private_data: '{"upstream_task_id":"v","billing_context":{"other_ratios":{"seconds":12,"size":1.666667}}}', data: '{"seconds":"4"}' }, { seconds: 12, size: 1.666667 }],
    // older tasks: the stored answer's seconds and size
    [{ data: '{"seconds":"8","size":"1280x720"}' }, { seconds: 8, size: 1 }],
    [{ data: '{"seconds":"10","size":"1024x1792"}' }, { seconds: 10, size: 1.666667 }],
    [{ data: '{"size":"1792x1024"}' }, { seconds: 4, size: 1.666667 }],
    [{ data: '{"seconds":"0"}' }, { seconds: 4, size: 1 }],
    [{ data: '{"seconds":"-3"}' }, { seconds: 4, size: 1 }],
    // capped like a submit's seconds: a stored number is a price multiplier
    [{ data: '{"seconds":"999999"}' }, { seconds: 300, size: 1 }],
    [{ data: 'garbage', private_data: 'garbage' }, { seconds: 4, size: 1 }],
    [{ private_data: '{"billing_context":{"other_ratios":{}}}', data: '{"seconds":"6"}' }, { seconds: 6, size: 1 }],
  ])('%j → %j', (over, want) => {
    expect(remixRatios(row(over))).toEqual(want);
  });
});
