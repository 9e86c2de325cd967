import { describe, expect, it } from 'vitest';
import { redemptionPage } from './redemption-paging.js';

describe('redemptionPage', () => {
  it.each([
    [0, 10, { page: 0, pageSize: 10, offset: 0 }],
    [1, 10, { page: 1, pageSize: 10, offset: 0 }],
    [2, 10, { page: 2, pageSize: 10, offset: 10 }],
    [-3, 10, { page: 0, pageSize: 10, offset: 0 }],
    [3, 0, { page: 3, pageSize: 10, offset: 20 }],
    [3, -1, { page: 3, pageSize: 10, offset: 20 }],
    [2, 25, { page: 2, pageSize: 25, offset: 25 }],
  ])('p=%d page_size=%d → %j', (p, size, expected) => {
    expect(redemptionPage(p, size)).toEqual(expected);
  });
});
