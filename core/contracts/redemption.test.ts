import { describe, expect, it } from 'vitest';
import { redemptionCountError, redemptionFieldsError } from './redemption.js';

describe('redemptionFieldsError', () => {
  it.each([
    ['', 100, '兑换码名称长度必须在1-20之间'],
    ['a', 100, null],
    ['12345678901234567890', 100, null],
    ['123456789012345678901', 100, '兑换码名称长度必须在1-20之间'],
    // 20 Chinese characters are 60 bytes: new-api refuses them, the product spec (characters) does not.
    ['兑换码兑换码兑换码兑换码兑换码兑换码兑换', 100, null],
    ['兑换码兑换码兑换码兑换码兑换码兑换码兑换码', 100, '兑换码名称长度必须在1-20之间'],
    ['😀', 1, null],
    ['ok', 0, '兑换码额度必须大于 0'],
    ['ok', -5, '兑换码额度必须大于 0'],
  ])('%j, quota %d → %s', (name, quota, expected) => {
    expect(redemptionFieldsError(name, quota)).toBe(expected);
  });
});

describe('redemptionCountError', () => {
  it.each([
    [-1, '兑换码个数必须大于0'],
    [0, '兑换码个数必须大于0'],
    [1, null],
    [100, null],
    [101, '一次兑换码批量生成的个数不能大于 100'],
  ])('%d → %s', (count, expected) => {
    expect(redemptionCountError(count)).toBe(expected);
  });
});
