import { describe, expect, it } from 'vitest';
import { NotifyThrottle } from './notify-throttle.js';

describe('NotifyThrottle', () => {
  it('allows `limit` notifications per user and type per clock hour', () => {
    let now = Date.UTC(2025, 0, 1, 10, 0, 5);
    const t = new NotifyThrottle(2, () => now);
    expect([t.allow(1, 'quota_exceed'), t.allow(1, 'quota_exceed'), t.allow(1, 'quota_exceed')]).toEqual([true, true, false]);
    // another user and another type have their own budget
    expect(t.allow(2, 'quota_exceed')).toBe(true);
    expect(t.allow(1, 'channel_update')).toBe(true);
    now += 50 * 60_000; // 10:50, same hour
    expect(t.allow(1, 'quota_exceed')).toBe(false);
    now += 10 * 60_000; // 11:00, next hour
    expect(t.allow(1, 'quota_exceed')).toBe(true);
  });
});
