import { describe, expect, it } from 'vitest';
import { decimalFromNumber } from '../../billing/exact-decimal.js';
import { compareToOneCent, formatMoney, quoteTopUp, type TopUpSettings } from './topup-quote.js';

const CURRENCY: TopUpSettings = { displayInCurrency: true, quotaPerUnit: 500_000, price: 7.3, minTopUp: 1, groupRatio: 1 };
const QUOTA: TopUpSettings = { ...CURRENCY, displayInCurrency: false };

describe('quoteTopUp', () => {
  it.each([
    ['1 unit at 7.3', 1, CURRENCY, { units: 1, quota: 500_000, money: '7.30' }],
    ['10 units at 7.3', 10, CURRENCY, { units: 10, quota: 5_000_000, money: '73.00' }],
    ['group ratio 0.8', 10, { ...CURRENCY, groupRatio: 0.8 }, { units: 10, quota: 5_000_000, money: '58.40' }],
    ['group ratio 0 counts as 1', 2, { ...CURRENCY, groupRatio: 0 }, { units: 2, quota: 1_000_000, money: '14.60' }],
    ['price 0.1 × 3 is exact', 3, { ...CURRENCY, price: 0.1 }, { units: 3, quota: 1_500_000, money: '0.30' }],
    ['quota amounts when currency display is off', 1_000_000, QUOTA, { units: 2, quota: 1_000_000, money: '14.60' }],
  ])('%s', (_, amount, s, expected) => {
    const q = quoteTopUp(amount, s);
    expect(q.ok).toBe(true);
    if (!q.ok) return;
    expect({ units: q.units, quota: q.quota, money: formatMoney(q.money) }).toEqual(expected);
  });

  it.each([
    ['below MinTopUp', 0, CURRENCY, '充值数量不能小于 1'],
    ['below a larger MinTopUp', 4, { ...CURRENCY, minTopUp: 5 }, '充值数量不能小于 5'],
    ['minimum in quota when currency display is off', 499_999, QUOTA, '充值数量不能小于 500000'],
    ['a fraction of a unit', 750_000, QUOTA, '充值数量必须是 500000 的整数倍'],
    ['more quota than fits exactly', 2 ** 53, CURRENCY, '参数错误'],
  ])('refuses %s', (_, amount, s, message) => {
    expect(quoteTopUp(amount, s)).toEqual({ ok: false, message });
  });
});

describe('formatMoney and compareToOneCent', () => {
  it.each([
    [7.3, '7.30', 1],
    [0.01, '0.01', 0],
    [0.009, '0.01', -1],
    [0.005, '0.01', -1],
    [0.004, '0.00', -1],
    [0.125, '0.13', 1],
    [1234.5, '1234.50', 1],
  ])('%d → %s, vs one cent %d', (x, text, sign) => {
    expect(formatMoney(decimalFromNumber(x))).toBe(text);
    expect(compareToOneCent(decimalFromNumber(x))).toBe(sign);
  });
});
