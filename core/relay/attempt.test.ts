import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../actors/test-channel-config.js';
import { PROVIDERS } from '../providers/registry.js';
import { forgetRefusedToken } from './attempt.js';
import { localError, RelayError } from './relay-error.js';
import { upstreamError } from './upstream-error.js';

const refusedInside200 = (code: number) => new RelayError(500, 'Access token invalid or no longer valid', { type: 'upstream_error', code, local: false });

describe('forgetRefusedToken', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each<[string, number, unknown, boolean]>([
    ['Vertex answered 401', 41, upstreamError(401, '{"error":{"message":"Request had invalid authentication credentials."}}'), true],
    ['Vertex answered 429', 41, upstreamError(429, '{}'), false],
    ["Baidu's 110 inside a 200", 15, refusedInside200(110), true],
    ["Baidu's 111 inside a 200", 15, refusedInside200(111), true],
    ['Baidu refused the prompt', 15, refusedInside200(336003), false],
    ["the gateway's own refusal", 41, localError(401, 'invalid token'), false],
    ['not a relay error', 41, new Error('socket hang up'), false],
  ])('%s → token dropped: %s', (_name, type, err, dropped) => {
    const forget = vi.spyOn(PROVIDERS[type]!, 'forgetToken');
    const ch = testConfig({ type });
    forgetRefusedToken(err, ch, 'the-key');
    if (dropped) expect(forget).toHaveBeenCalledWith({ ch, key: 'the-key' });
    else expect(forget).not.toHaveBeenCalled();
  });

  it('leaves a row without a token cache alone', () => {
    expect(() => forgetRefusedToken(upstreamError(401, '{}'), testConfig({ type: 1 }), 'k')).not.toThrow();
  });
});
