import { describe, expect, it } from 'vitest';
import { SlidingLogLimiter } from './sliding-log-limiter.js';

describe('SlidingLogLimiter', () => {
  it('allows N per window per key and then refuses until the oldest ages out', () => {
    const l = new SlidingLogLimiter(3, 10);
    expect([l.hit('a', 0), l.hit('a', 1), l.hit('a', 2), l.hit('a', 3)]).toEqual([true, true, true, false]);
    expect(l.hit('b', 3)).toBe(true);
    expect(l.hit('a', 9_999)).toBe(false);
    expect(l.hit('a', 10_001)).toBe(true);
  });

  it('keeps memory bounded however many keys appear', () => {
    const l = new SlidingLogLimiter(5, 60, 1000);
    for (let i = 0; i < 20_000; i++) l.hit(`ip-${i}`, 0);
    expect(l.size).toBeLessThanOrEqual(1000);
  });
});
