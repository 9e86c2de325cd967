import { describe, expect, it } from 'vitest';
import { NotifyThrottle, notifyHour } from './notify-throttle.js';

const MINUTE = 60_000;

describe('NotifyThrottle', () => {
  it('allows `limit` notifications per user and type within the window', () => {
    let now = new Date(2025, 0, 1, 10, 0, 5).getTime();
    const t = new NotifyThrottle(2, 10 * MINUTE, () => now);
    expect([t.allow(1, 'quota_exceed'), t.allow(1, 'quota_exceed'), t.allow(1, 'quota_exceed')]).toEqual([true, true, false]);
    // another user and another type have their own budget
    expect(t.allow(2, 'quota_exceed')).toBe(true);
    expect(t.allow(1, 'channel_update')).toBe(true);
    now += 9 * MINUTE; // 10:09, the window opened at 10:00:05 still runs
    expect(t.allow(1, 'quota_exceed')).toBe(false);
    now += MINUTE; // 10:10:05: the window is over, the count starts again within the same hour (new-api's memory store)
    expect([t.allow(1, 'quota_exceed'), t.allow(1, 'quota_exceed'), t.allow(1, 'quota_exceed')]).toEqual([true, true, false]);
  });

  it('starts a new count with the clock hour, whatever is left of the window', () => {
    let now = new Date(2025, 0, 1, 10, 55).getTime();
    const t = new NotifyThrottle(1, 10 * MINUTE, () => now);
    expect([t.allow(1, 'quota_exceed'), t.allow(1, 'quota_exceed')]).toEqual([true, false]);
    now += 5 * MINUTE; // 11:00
    expect(t.allow(1, 'quota_exceed')).toBe(true);
  });

  it.each([
    [new Date(2025, 0, 1, 0, 0).getTime(), '2025010100'],
    [new Date(2025, 11, 31, 23, 59, 59).getTime(), '2025123123'],
    [new Date(2026, 8, 7, 9, 30).getTime(), '2026090709'],
  ])('names the local clock hour of %d as Go formats "2006010215": %s', (ms, hour) => {
    expect(notifyHour(ms)).toBe(hour);
  });
});
