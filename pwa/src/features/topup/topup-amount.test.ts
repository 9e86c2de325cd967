import { describe, expect, it } from 'vitest';
import { normaliseTopupAmount, topupMinimum } from './topup-amount';

describe('top-up amount', () => {
  it('raises amounts below 1 to 1 and floors fractions', () => {
    expect(normaliseTopupAmount('0.3', 1)).toEqual({ amount: 1, belowMinimum: false });
    expect(normaliseTopupAmount('', 1)).toEqual({ amount: 1, belowMinimum: false });
    expect(normaliseTopupAmount('12.9', 1)).toEqual({ amount: 12, belowMinimum: false });
  });
  it('refuses amounts below the minimum', () => expect(normaliseTopupAmount(5, 10).belowMinimum).toBe(true));
  it('expresses the minimum in the units the user types', () => {
    expect(topupMinimum(2, true, 500000)).toBe(2);
    expect(topupMinimum(2, false, 500000)).toBe(1_000_000);
    expect(topupMinimum(0, true, 500000)).toBe(1);
  });
});
