import { describe, expect, it } from 'vitest';
import { abbreviateNumber, currencyToQuota, formatCurrency, formatQuota, formatUsd, pricePerMillion, quotaToCurrency } from './quota-format';

const currency = { displayInCurrency: true, quotaPerUnit: 500000 };
const raw = { displayInCurrency: false, quotaPerUnit: 500000 };

describe('abbreviateNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [9999, '9999'],
    [10000, '10k'],
    [12345, '12.3k'],
    [999999, '1000k'],
    [1_000_000, '1M'],
    [2_500_000, '2.5M'],
    [1_000_000_000, '1B'],
    [3_450_000_000, '3.5B'],
    [-12345, '-12.3k'],
  ])('%d → %s', (value, expected) => expect(abbreviateNumber(value)).toBe(expected));
});

describe('formatQuota', () => {
  it('shows currency with QuotaPerUnit', () => {
    expect(formatQuota(500000, currency)).toBe('$1.00');
    expect(formatQuota(1250000, currency)).toBe('$2.50');
    expect(formatQuota(0, currency)).toBe('$0.00');
  });
  it('never rounds a positive amount down to zero', () => {
    expect(formatQuota(3, currency)).toBe('$0.01');
    expect(formatQuota(3, currency, 6)).toBe('$0.000006');
  });
  it('keeps the sign of negative amounts', () => expect(formatQuota(-500000, currency)).toBe('-$1.00'));
  it('honours a custom QuotaPerUnit', () => expect(formatQuota(1000, { displayInCurrency: true, quotaPerUnit: 1000 })).toBe('$1.00'));
  it('shows raw abbreviated numbers when currency display is off', () => {
    expect(formatQuota(500000, raw)).toBe('500k');
    expect(formatQuota(1234, raw)).toBe('1234');
  });
});

describe('formatCurrency', () => {
  it('shows an amount with two fixed digits like quota in currency mode', () => {
    expect([formatCurrency(0), formatCurrency(12.5), formatCurrency(0.001), formatCurrency(-3)]).toEqual(['$0.00', '$12.50', '$0.01', '-$3.00']);
  });
});

describe('conversions', () => {
  it('converts between quota and currency', () => {
    expect(quotaToCurrency(500000, 500000)).toBe(1);
    expect(currencyToQuota(10, 500000)).toBe(5_000_000);
    expect(currencyToQuota(0.2, 500000)).toBe(100000);
    expect(quotaToCurrency(500000, 0)).toBe(1);
  });
  it('prices per 1M tokens are twice the ratio, times group and completion ratios', () => {
    expect(pricePerMillion(1.25, 1)).toBe(2.5);
    expect(pricePerMillion(1.25, 1, 4)).toBe(10);
    expect(pricePerMillion(0.075, 2)).toBeCloseTo(0.3);
  });
  it('formats USD without exponent notation', () => {
    expect(formatUsd(2.5)).toBe('$2.5');
    expect(formatUsd(0.15)).toBe('$0.15');
    expect(formatUsd(0.0000002)).toBe('$0');
    expect(formatUsd(0.000123)).toBe('$0.000123');
    expect(formatUsd(0)).toBe('$0');
  });
});
