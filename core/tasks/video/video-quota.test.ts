import { describe, expect, it } from 'vitest';
import { applyOtherRatios } from './video-quota.js';

describe('applyOtherRatios', () => {
  it.each([
    [50_000, {}, 50_000],
    [50_000, { seconds: 4, size: 1 }, 200_000],
    [50_000, { seconds: 8, size: 1.666667 }, 666_666],
    [3, { seconds: 0.5 }, 1],
    [1e15, { seconds: 1e6 }, Number.MAX_SAFE_INTEGER],
    [100, { bad: Number.NaN, neg: -2 }, 100],
  ])('%i × %j = %i', (quota, ratios, want) => {
    expect(applyOtherRatios(quota, ratios)).toBe(want);
  });
});
