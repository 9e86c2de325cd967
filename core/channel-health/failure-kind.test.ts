import { describe, expect, it } from 'vitest';
import { OPTION_DEFS } from '../options/option-defaults.js';
import { channelFailureOf, failureReason, type ChannelFailure } from './channel-failure.js';
import { failureKind, parseKeywords, type FailureKind } from './failure-kind.js';

const keywords = parseKeywords(OPTION_DEFS.AutomaticDisableKeywords.default);

describe('failureKind', () => {
  it.each<[string, ChannelFailure, FailureKind]>([
    ['401', { status: 401, message: 'Incorrect API key provided' }, 'key'],
    ['403 on any type', { status: 403, message: 'forbidden' }, 'key'],
    ['invalid_api_key code on a 400', { status: 400, code: 'invalid_api_key', message: 'bad key' }, 'key'],
    ['account_deactivated', { status: 400, code: 'account_deactivated', message: 'x' }, 'key'],
    ['insufficient_quota type on a 429', { status: 429, type: 'insufficient_quota', message: 'quota' }, 'key'],
    ['authentication_error type inside a 200', { status: 200, type: 'authentication_error', message: 'x', inBody: true }, 'key'],
    ['a default keyword, other case', { status: 500, message: 'YOU EXCEEDED YOUR CURRENT QUOTA, please check' }, 'key'],
    ['plain 500', { status: 500, message: 'internal error' }, 'transient'],
    ['plain 429', { status: 429, message: 'Rate limit reached' }, 'transient'],
    ['502 without a message', { status: 502, message: 'bad response status code 502' }, 'transient'],
    ['connection refused', { status: 0, message: 'connect ECONNREFUSED' }, 'transient'],
    ['error inside a 200', { status: 200, code: 'server_error', message: 'overloaded', inBody: true }, 'transient'],
    ['numeric code', { status: 500, code: 500, message: 'x' }, 'transient'],
  ])('%s → %s', (_name, f, want) => {
    expect(failureKind(f, keywords)).toBe(want);
  });

  it('reads keywords one per line, trimmed and lower-cased, blank lines ignored', () => {
    expect(parseKeywords(' Foo Bar \n\n  baz\n')).toEqual(['foo bar', 'baz']);
    expect(failureKind({ status: 500, message: 'xx FOO BAR yy' }, parseKeywords('foo bar'))).toBe('key');
    expect(failureKind({ status: 500, message: 'xx FOO BAR yy' }, [])).toBe('transient');
  });
});

describe('channelFailureOf', () => {
  it("prefers the upstream's own code and type over the relay's", () => {
    const f = channelFailureOf({ status: 429, message: 'quota', code: 'bad_response_status_code', type: 'upstream_error', upstream: { code: 'insufficient_quota', type: 'insufficient_quota' } });
    expect(f).toEqual({ status: 429, code: 'insufficient_quota', type: 'insufficient_quota', message: 'quota', inBody: false });
  });

  it('falls back to the error fields and cuts long messages', () => {
    const f = channelFailureOf({ status: 502, message: 'x'.repeat(2000), code: 'bad_response_status_code', type: 'upstream_error' }, true);
    expect(f.code).toBe('bad_response_status_code');
    expect(f.message).toHaveLength(500);
    expect(f.inBody).toBe(true);
    expect(failureReason({ status: 401, message: 'invalid key' })).toBe('status_code=401, invalid key');
  });
});
