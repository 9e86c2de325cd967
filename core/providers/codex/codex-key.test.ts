import { describe, expect, it } from 'vitest';
import { codexKeyExpiry, codexKeyProblem, codexKeyValid, jwtExpiry, parseCodexKey, refreshedKey } from './codex-key.js';

const jwt = (claims: Record<string, unknown>) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

describe('Codex OAuth key', () => {
  it.each([
    ['{"access_token":"at","account_id":"acc"}', null],
    ['  {"access_token":"at","account_id":"acc","refresh_token":"rt"}\n', null],
    ['sk-plain', 'Codex key must be a valid JSON object'],
    ['{"access_token":', 'Codex key must be a valid JSON object'],
    ['[{"access_token":"at","account_id":"acc"}]', 'Codex key must be a valid JSON object'],
    ['{"account_id":"acc"}', 'Codex key JSON must include access_token'],
    ['{"access_token":"  ","account_id":"acc"}', 'Codex key JSON must include access_token'],
    ['{"access_token":"at"}', 'Codex key JSON must include account_id'],
    ['{"access_token":"at","account_id":7}', 'Codex key JSON must include account_id'],
  ])('%s → %s', (key, problem) => {
    expect(codexKeyProblem(key)).toBe(problem);
    expect(codexKeyValid(key)).toBe(problem === null);
  });

  it('parses with trimmed tokens and keeps unknown fields', () => {
    expect(parseCodexKey('{"access_token":" at ","account_id":"acc","extra":1}')).toEqual({ access_token: 'at', account_id: 'acc', extra: 1 });
    expect(() => parseCodexKey('{"access_token":"at"}')).toThrow('Codex key JSON must include account_id');
  });

  it.each([
    [{ access_token: 'at', account_id: 'a', expired: '2030-01-02T03:04:05Z' }, Date.UTC(2030, 0, 2, 3, 4, 5)],
    [{ access_token: jwt({ exp: 1_900_000_000 }), account_id: 'a' }, 1_900_000_000_000],
    [{ access_token: jwt({ exp: 1_900_000_000 }), account_id: 'a', expired: 'not a time' }, 1_900_000_000_000],
    [{ access_token: 'opaque', account_id: 'a' }, null],
  ])('expiry of %o is %s', (k, at) => expect(codexKeyExpiry(k)).toBe(at));

  it('reads no expiry from a token that is not a JWT', () => {
    expect(jwtExpiry('a.b')).toBeNull();
    expect(jwtExpiry(jwt({ sub: 'x' }))).toBeNull();
  });

  it('rewrites the key after a refresh as new-api stores it', () => {
    const now = Date.UTC(2026, 10, 26, 6, 0, 0, 123);
    const next = refreshedKey({ access_token: 'old', refresh_token: 'r1', account_id: 'acc', email: 'e@x', id_token: 'id' }, { access_token: 'new', refresh_token: 'r2', expiresAt: now + 3600_000 }, now);
    expect(next).toEqual({
      access_token: 'new',
      refresh_token: 'r2',
      account_id: 'acc',
      email: 'e@x',
      id_token: 'id',
      last_refresh: '2026-11-26T06:00:00Z',
      expired: '2026-11-26T07:00:00Z',
      type: 'codex',
    });
    expect(refreshedKey({ access_token: 'a', account_id: 'b', type: 'chatgpt' }, { access_token: 'n', refresh_token: 'r', expiresAt: now }, now).type).toBe('chatgpt');
  });
});
