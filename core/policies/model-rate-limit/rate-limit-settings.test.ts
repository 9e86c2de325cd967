import { describe, expect, it } from 'vitest';
import { optionsWith } from '../options-with.js';
import { resolveRateLimitSettings } from './rate-limit-settings.js';

const on = { ModelRequestRateLimitEnabled: 'true', ModelRequestRateLimitCount: '3', ModelRequestRateLimitSuccessCount: '10' };
const groups = { ...on, ModelRequestRateLimitGroup: '{"vip":[50,100],"free":[0,1]}' };

describe('resolveRateLimitSettings', () => {
  it.each([
    ['off by default', {}, 'default', null],
    ['global numbers, window from the duration', on, 'default', { durationMinutes: 1, windowSeconds: 60, totalMax: 3, successMax: 10 }],
    ['a group entry replaces both numbers', groups, 'vip', { durationMinutes: 1, windowSeconds: 60, totalMax: 50, successMax: 100 }],
    ['a group entry with 0 requests means unlimited requests', groups, 'free', { durationMinutes: 1, windowSeconds: 60, totalMax: 0, successMax: 1 }],
    ['a group without an entry keeps the global numbers', groups, 'svip', { durationMinutes: 1, windowSeconds: 60, totalMax: 3, successMax: 10 }],
    ['the window stays global for a group', { ...groups, ModelRequestRateLimitDurationMinutes: '5' }, 'vip', { durationMinutes: 5, windowSeconds: 300, totalMax: 50, successMax: 100 }],
    ['Object.prototype members are not groups', groups, 'constructor', { durationMinutes: 1, windowSeconds: 60, totalMax: 3, successMax: 10 }],
    ['a 0-minute window lets everything through', { ...on, ModelRequestRateLimitDurationMinutes: '0' }, 'default', null],
  ])('%s', (_name, values, group, expected) => {
    expect(resolveRateLimitSettings(optionsWith(values), group)).toEqual(expected);
  });
});
