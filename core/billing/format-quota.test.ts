import { describe, expect, it } from 'vitest';
import { formatQuota, logQuota } from './format-quota.js';

describe('formatQuota', () => {
  it.each([
    [1000, '＄0.002000'],
    [0, '＄0.000000'],
    [500000, '＄1.000000'],
    [123456789, '＄246.913578'],
    [1, '＄0.000002'],
    [-1000, '＄-0.002000'],
  ])('shows %d quota as %s in currency mode', (quota, text) => {
    expect(formatQuota(quota, true, 500000)).toBe(text);
  });

  it('prints the integer when currency display is off', () => {
    expect(formatQuota(123456, false, 500000)).toBe('123456');
    expect(formatQuota(-7, false, 500000)).toBe('-7');
  });

  it.each([
    // 1/128 = 0.0078125 exactly: a tie at 6 decimals; Go rounds to even (…12), toFixed would give …13
    [1, 128, '＄0.007812'],
    // 3/128 = 0.0234375: tie, the kept digit 7 is odd so it rounds up
    [3, 128, '＄0.023438'],
  ])('rounds exact ties to even like Go (%d / %d)', (quota, unit, text) => {
    expect(formatQuota(quota, true, unit)).toBe(text);
  });

  it('prints Go’s text for a zero QuotaPerUnit', () => {
    expect(formatQuota(5, true, 0)).toBe('＄+Inf');
    expect(formatQuota(0, true, 0)).toBe('＄NaN');
  });
});

describe('logQuota', () => {
  it('adds the 额度 / 点额度 suffixes', () => {
    expect(logQuota(1000, true, 500000)).toBe('＄0.002000 额度');
    expect(logQuota(1000, false, 500000)).toBe('1000 点额度');
  });
});
