import { describe, expect, it } from 'vitest';
import type { RelayFailure } from '../format-contracts.js';
import { claudeErrorBody, claudeUpstreamFailure } from './claude-error-body.js';

const failure = (status: number, type = 'new_api_error'): RelayFailure => ({ status, message: 'something went wrong', type, code: null });

describe('claudeErrorBody', () => {
  it.each([
    [400, 'invalid_request_error'],
    [401, 'authentication_error'],
    [402, 'billing_error'],
    [403, 'permission_error'],
    [404, 'not_found_error'],
    [413, 'request_too_large'],
    [429, 'rate_limit_error'],
    [500, 'api_error'],
    [504, 'timeout_error'],
    [529, 'overloaded_error'],
    [409, 'invalid_request_error'],
    [422, 'invalid_request_error'],
    [502, 'api_error'],
    [503, 'api_error'],
  ])('status %i → %s, in the Claude envelope with the request id', (status, type) => {
    expect(claudeErrorBody.errorBody(failure(status), 'req-1')).toEqual({
      status,
      body: { type: 'error', error: { type, message: 'something went wrong (request id: req-1)' }, request_id: 'req-1' },
    });
  });

  it("keeps an Anthropic type the failure already carries (the upstream's own error)", () => {
    const body = claudeErrorBody.errorBody(failure(500, 'overloaded_error'), 'r').body as { error: { type: string } };
    expect(body.error.type).toBe('overloaded_error');
  });
});

describe('claudeUpstreamFailure', () => {
  it.each([
    [{ type: 'overloaded_error', message: 'Overloaded' }, { status: 529, message: 'Overloaded', type: 'overloaded_error', code: 'overloaded_error' }],
    [{ type: 'rate_limit_error', message: 'slow' }, { status: 429, message: 'slow', type: 'rate_limit_error', code: 'rate_limit_error' }],
    [{ type: 'some_new_error', message: 'x' }, { status: 500, message: 'x', type: 'some_new_error', code: 'some_new_error' }],
    [null, { status: 500, message: 'api_error', type: 'api_error', code: 'api_error' }],
  ])('%j → %j', (error, expected) => {
    expect(claudeUpstreamFailure(error)).toEqual(expected);
  });
});
