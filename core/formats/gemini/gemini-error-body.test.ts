import { describe, expect, it } from 'vitest';
import type { RelayFailure } from '../format-contracts.js';
import { geminiErrorWriter, googleErrorBody, googleStatusName } from './gemini-error-body.js';

describe('googleStatusName', () => {
  it.each([
    [400, 'INVALID_ARGUMENT'],
    [401, 'UNAUTHENTICATED'],
    [403, 'PERMISSION_DENIED'],
    [404, 'NOT_FOUND'],
    [429, 'RESOURCE_EXHAUSTED'],
    [500, 'INTERNAL'],
    [503, 'UNAVAILABLE'],
    [504, 'DEADLINE_EXCEEDED'],
    [413, 'FAILED_PRECONDITION'],
    [502, 'INTERNAL'],
  ])('%i → %s', (status, name) => {
    expect(googleStatusName(status)).toBe(name);
  });
});

describe('geminiErrorWriter', () => {
  it('writes {error:{code, message, status}} with the request id in the message, at the failure status', () => {
    const failure: RelayFailure = { status: 429, message: '当前分组上游负载已饱和，请稍后再试', type: 'new_api_error', code: 'rate_limit' };
    expect(geminiErrorWriter.errorBody(failure, '20260101000000123abcdefgh')).toEqual({
      status: 429,
      body: { error: { code: 429, message: '当前分组上游负载已饱和，请稍后再试 (request id: 20260101000000123abcdefgh)', status: 'RESOURCE_EXHAUSTED' } },
    });
  });

  it.each<[RelayFailure, string]>([
    // a Gemini upstream's own status name survives the relay
    [{ status: 400, message: 'User location is not supported for the API use.', type: 'upstream_error', code: 'FAILED_PRECONDITION' }, 'FAILED_PRECONDITION'],
    [{ status: 400, message: 'bad', type: 'INVALID_ARGUMENT', code: 400 }, 'INVALID_ARGUMENT'],
    // an OpenAI-style code is not a status name
    [{ status: 401, message: 'invalid key', type: 'new_api_error', code: 'invalid_api_key' }, 'UNAUTHENTICATED'],
  ])('keeps a status name the failure carries: %j → %s', (failure, status) => {
    expect(googleErrorBody(failure).error.status).toBe(status);
  });
});
