import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  decimalFromInt,
  decimalFromNumber,
  decimalToString,
  divDecimalByPow10,
  mulDecimal,
  roundDecimalHalfAwayFromZero,
  signOfDecimal,
  subDecimal,
} from './exact-decimal.js';

const d = decimalFromNumber;

describe('decimalFromNumber', () => {
  it.each([
    [0.075, '0.075'],
    [1.25, '1.25'],
    [4 / 3, '1.3333333333333333'],
    [3.5 / 0.6, '5.833333333333334'],
    [600 / 73, '8.219178082191782'],
    [1e-7, '0.0000001'],
    [1.5e21, '1500000000000000000000'],
    [-0.5, '-0.5'],
    [0, '0'],
    [500000, '500000'],
  ])('%d is exactly %s', (x, text) => {
    expect(decimalToString(d(x))).toBe(text);
  });

  it('rejects NaN and Infinity', () => {
    expect(() => d(Number.NaN)).toThrow(RangeError);
    expect(() => d(Infinity)).toThrow(RangeError);
    expect(() => decimalFromInt(1.5)).toThrow(RangeError);
  });
});

describe('arithmetic', () => {
  it('has no float drift', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floats
    expect(decimalToString(addDecimal(d(0.1), d(0.2)))).toBe('0.3');
    // 1000 × 0.075 × 1.1 = 82.5 exactly (floats give 82.50000000000001)
    expect(decimalToString(mulDecimal(mulDecimal(decimalFromInt(1000), d(0.075)), d(1.1)))).toBe('82.5');
    expect(decimalToString(subDecimal(decimalFromInt(3), d(0.25)))).toBe('2.75');
    expect(decimalToString(divDecimalByPow10(d(27.5), 3))).toBe('0.0275');
  });

  it.each([
    [2.5, 3n],
    [2.4999999, 2n],
    [0.5, 1n],
    [0.4, 0n],
    [-2.5, -3n],
    [-2.4, -2n],
    [7, 7n],
  ])('rounds %d half away from zero to %d', (x, expected) => {
    expect(roundDecimalHalfAwayFromZero(d(x))).toBe(expected);
  });

  it('reports the sign', () => {
    expect([signOfDecimal(d(-0.1)), signOfDecimal(d(0)), signOfDecimal(d(3))]).toEqual([-1, 0, 1]);
  });
});
