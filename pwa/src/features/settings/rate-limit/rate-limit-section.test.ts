import { describe, expect, it } from 'vitest';
import { rateLimitGroupError } from './rate-limit-section';

describe('group rate limits', () => {
  it.each([
    [{}, null],
    [{ default: [200, 100], vip: [0, 1000] }, null],
    [{ default: [-1, 100] }, 'settings.errors.rateLimitGroup'],
    [{ default: [10, 0] }, 'settings.errors.rateLimitGroup'],
    [{ default: [10] }, 'settings.errors.rateLimitGroup'],
    [{ default: [1.5, 2] }, 'settings.errors.rateLimitGroup'],
    [[[1, 2]], 'settings.errors.rateLimitGroup'],
    [null, 'settings.errors.rateLimitGroup'],
  ])('%j → %s', (value, error) => {
    expect(rateLimitGroupError(value)).toBe(error);
  });
});
