import { describe, expect, it } from 'vitest';
import { formatDateTimeInput, localDateKey, parseDateTimeInput, startOfToday, toDateTimeInput } from './time-format';

describe('time-format', () => {
  it('round-trips datetime-local values', () => {
    const seconds = Math.floor(new Date(2025, 5, 5, 14, 3).getTime() / 1000);
    expect(toDateTimeInput(seconds)).toBe('2025-06-05T14:03');
    expect(parseDateTimeInput('2025-06-05T14:03')).toBe(seconds);
    expect(parseDateTimeInput('2025-06-05 14:03:00')).toBe(seconds);
  });
  it('writes datetime-local values in the console language', () => {
    expect(formatDateTimeInput('2026-11-25T01:18', 'zh-CN')).toBe('2026-11-25 01:18');
    expect(formatDateTimeInput('2026-11-25T13:05:30', 'zh-CN')).toBe('2026-11-25 13:05');
    expect(formatDateTimeInput('2026-11-25T01:18', 'en')).toBe('Nov 25, 2026, 01:18');
    expect(formatDateTimeInput('', 'en')).toBe('');
  });
  it('rejects invalid dates', () => expect(parseDateTimeInput('not a date')).toBeNaN());
  it('computes local midnight and date keys', () => {
    const now = new Date(2025, 0, 1, 15, 30);
    expect(startOfToday(now)).toBe(Math.floor(new Date(2025, 0, 1).getTime() / 1000));
    expect(localDateKey(now)).toBe('2025-01-01');
  });
});
