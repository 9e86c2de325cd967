import { describe, expect, it } from 'vitest';
import { transportFailure, type TransportPhase } from './transport-failure.js';

const err = (code: string | undefined, message = 'boom') => Object.assign(new Error(message), { code });

describe('transportFailure', () => {
  it.each<[string | undefined, TransportPhase, number, string]>([
    ['RELAY_TIMEOUT', 'connect', 504, 'relay_timeout'],
    ['RELAY_TIMEOUT', 'response', 504, 'relay_timeout'],
    ['UND_ERR_HEADERS_TIMEOUT', 'connect', 504, 'first_byte_timeout'],
    ['UND_ERR_BODY_TIMEOUT', 'stream', 504, 'stream_timeout'],
    ['UND_ERR_BODY_TIMEOUT', 'response', 504, 'response_idle_timeout'],
    ['ECONNREFUSED', 'connect', 502, 'do_request_failed'],
    ['ECONNRESET', 'stream', 502, 'stream_interrupted'],
    [undefined, 'response', 502, 'read_response_body_failed'],
  ])('%s while %s → %i %s', (code, phase, status, want) => {
    const e = transportFailure(err(code), phase);
    expect([e.status, e.code, e.local]).toEqual([status, want, false]);
  });

  it('says the same for every connection failure, whatever the cause', () => {
    const causes = ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'HPE_INVALID_CONSTANT', 'CERT_HAS_EXPIRED', undefined];
    const messages = new Set(causes.map((c) => transportFailure(err(c, `connect ${c} 127.0.0.1:6379`), 'connect').message));
    expect([...messages]).toEqual(['请求上游地址失败']);
  });
});
