import { describe, expect, it } from 'vitest';
import { newRequestId } from './request-id.js';

describe('newRequestId', () => {
  it('is the UTC time to the second, a 9-digit sequence and 8 random characters', () => {
    const id = newRequestId(new Date('2026-11-22T03:04:05.678Z'));
    expect(id).toMatch(/^20261122030405\d{9}[A-Za-z0-9]{8}$/);
  });

  it('follows the clock from one second to the next', () => {
    expect(newRequestId(new Date('2026-11-22T03:04:05.999Z')).slice(0, 14)).toBe('20261122030405');
    expect(newRequestId(new Date('2026-11-22T03:04:06.000Z')).slice(0, 14)).toBe('20261122030406');
    expect(newRequestId(new Date('2026-11-22T03:04:05.500Z')).slice(0, 14)).toBe('20261122030405');
  });

  it('never repeats within a burst', () => {
    const now = new Date();
    const ids = new Set(Array.from({ length: 10_000 }, () => newRequestId(now)));
    expect(ids.size).toBe(10_000);
  });
});
