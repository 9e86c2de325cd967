import { describe, expect, it } from 'vitest';
import { oneMonthAgo } from './month-ago';

describe('oneMonthAgo', () => {
  it.each([
    ['2025-06-15T10:30:00', '2025-05-15T10:30:00'],
    ['2025-01-10T00:00:00', '2024-12-10T00:00:00'],
    ['2025-03-31T08:00:00', '2025-02-28T08:00:00'],
    ['2024-03-31T08:00:00', '2024-02-29T08:00:00'],
  ])('%s → %s', (now, expected) => {
    expect(oneMonthAgo(new Date(now))).toBe(Math.floor(new Date(expected).getTime() / 1000));
  });
});
