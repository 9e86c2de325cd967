import { describe, expect, it } from 'vitest';
import { metricsAccess } from './metrics-access.js';

describe('metricsAccess', () => {
  it.each([
    [undefined, 'Bearer anything', 404],
    ['', 'Bearer ', 404],
    ['s3cret-token', undefined, 401],
    ['s3cret-token', '', 401],
    ['s3cret-token', 's3cret-token', 401],
    ['s3cret-token', 'Basic czNjcmV0LXRva2Vu', 401],
    ['s3cret-token', 'Bearer s3cret', 401],
    ['s3cret-token', 'Bearer s3cret-token-and-more', 401],
    ['s3cret-token', 'Bearer S3CRET-TOKEN', 401],
    ['s3cret-token', 'Bearer s3cret-token', 200],
    ['s3cret-token', 'bearer  s3cret-token ', 200],
  ] as const)('token %j, Authorization %j → %i', (token, header, status) => {
    expect(metricsAccess(token, header)).toBe(status);
  });
});
