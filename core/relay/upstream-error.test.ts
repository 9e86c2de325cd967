import { describe, expect, it } from 'vitest';
import { localError } from './relay-error.js';
import { mapStatus, shouldRetry, upstreamError } from './upstream-error.js';

describe('upstreamError', () => {
  it('passes the upstream error object through', () => {
    const e = upstreamError(401, '{"error":{"message":"Incorrect API key","type":"invalid_request_error","code":"invalid_api_key"}}');
    expect(e.status).toBe(401);
    expect(e.upstream).toMatchObject({ code: 'invalid_api_key' });
    expect(e.message).toBe('Incorrect API key');
  });
  it.each([
    ['{"message":"m1"}', 'm1'],
    ['{"msg":"m2"}', 'm2'],
    ['{"error_msg":"m3"}', 'm3'],
    ['{"response":{"error":{"message":"m4"}}}', 'm4'],
    ['<html>bad gateway</html>', 'bad response status code 502'],
    ['{}', 'bad response status code 502'],
  ])('%s → %s', (body, message) => {
    expect(upstreamError(502, body).message).toBe(message);
  });
});

describe('retry matrix', () => {
  const e = (s: number) => upstreamError(s, '{}');
  it.each([
    [429, 1, true],
    [500, 1, true],
    [502, 1, true],
    [503, 1, true],
    [504, 1, false],
    [524, 1, false],
    [400, 1, false],
    [400, 14, true],
    [408, 1, false],
    [401, 1, true],
    [404, 1, true],
  ])('status %i on type %i → %s', (status, type, want) => {
    expect(shouldRetry(e(status), type)).toBe(want);
  });
  it('never retries local errors', () => {
    expect(shouldRetry(localError(503, 'x'), 1)).toBe(false);
  });
  it('maps statuses but never a 200', () => {
    expect(mapStatus(400, { '400': '500' })).toBe(500);
    expect(mapStatus(200, { '200': '500' })).toBe(200);
    expect(mapStatus(400, { '400': 'x' })).toBe(400);
  });
});
