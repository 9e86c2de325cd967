import { describe, expect, it } from 'vitest';
import { transportFailure } from '../relay/transport-failure.js';
import { upstreamError } from '../relay/upstream-error.js';
import { RelayError } from '../relay/relay-error.js';
import { UPSTREAM_ERROR_KINDS, upstreamErrorKind } from './upstream-error-kind.js';

const kindOf = (err: RelayError) => UPSTREAM_ERROR_KINDS[upstreamErrorKind(err)];

describe('upstreamErrorKind', () => {
  it.each([
    [upstreamError(429, '{"error":{"message":"slow down"}}'), 'rate_limited'],
    [upstreamError(401, 'bad key'), 'auth'],
    [upstreamError(403, 'forbidden'), 'auth'],
    [upstreamError(404, 'no such model'), 'http_4xx'],
    [upstreamError(400, 'bad request'), 'http_4xx'],
    [upstreamError(500, 'boom'), 'http_5xx'],
    [upstreamError(503, 'overloaded'), 'http_5xx'],
    [transportFailure(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), 'connect'), 'connect'],
    [transportFailure(Object.assign(new Error('x'), { code: 'UND_ERR_HEADERS_TIMEOUT' }), 'connect'), 'timeout'],
    [transportFailure(Object.assign(new Error('x'), { code: 'UND_ERR_BODY_TIMEOUT' }), 'stream'), 'timeout'],
    [transportFailure(Object.assign(new Error('x'), { code: 'RELAY_TIMEOUT' }), 'response'), 'timeout'],
    [transportFailure(Object.assign(new Error('x'), { code: 'ECONNRESET' }), 'stream'), 'stream'],
    [transportFailure(new Error('closed'), 'response'), 'stream'],
    [new RelayError(502, 'not JSON', { code: 'bad_response_body', local: false }), 'bad_body'],
    [new RelayError(503, 'no key', { code: 'channel:no_available_key', local: false }), 'no_key'],
    [new RelayError(500, 'in the stream', { code: 'server_error', local: false }), 'other'],
    [new RelayError(500, 'numeric code', { code: 1234, local: false }), 'other'],
  ])('%s → %s', (err, kind) => {
    expect(kindOf(err)).toBe(kind);
  });
});
