import { describe, expect, it } from 'vitest';
import { zeroBasedPage } from './paging.js';

describe('zeroBasedPage', () => {
  it.each<[number, number, { offset: number; limit: number }]>([
    [0, 10, { offset: 0, limit: 10 }],
    [2, 20, { offset: 40, limit: 20 }],
    [-3, 20, { offset: 0, limit: 20 }],
    [1, -1, { offset: 10, limit: 10 }],
    [5, 0, { offset: 0, limit: 0 }],
  ])('p=%i page_size=%i', (p, size, expected) => {
    expect(zeroBasedPage(p, size)).toEqual(expected);
  });

  it('caps the page size', () => {
    expect(zeroBasedPage(1, 10_000, 10, 100)).toEqual({ offset: 100, limit: 100 });
  });
});
