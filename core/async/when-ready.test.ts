import { describe, expect, it } from 'vitest';
import { whenReady } from './when-ready.js';

describe('whenReady', () => {
  it('applies the function at once to a value, with no promise', () => {
    expect(whenReady(2, (n) => n * 3)).toBe(6);
  });

  it('applies it once a promise settles, and passes a rejection on', async () => {
    const later = whenReady(Promise.resolve(2), (n) => n * 3);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toBe(6);
    await expect(whenReady(Promise.reject(new Error('no')), (n: number) => n)).rejects.toThrow('no');
  });
});
