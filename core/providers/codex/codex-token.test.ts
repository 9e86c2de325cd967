import { describe, expect, it } from 'vitest';
import { readRefreshAnswer, refreshRequestBody } from './codex-token.js';

describe('Codex OAuth refresh', () => {
  it('sends the refresh grant with Codex CLI’s client id, as a form', () => {
    expect(Object.fromEntries(new URLSearchParams(refreshRequestBody('rt/1+2')))).toEqual({ grant_type: 'refresh_token', refresh_token: 'rt/1+2', client_id: 'app_EMoamEEZ73f0CkXaXp7hrann' });
  });

  it('reads the new tokens and when they lapse', () => {
    expect(readRefreshAnswer({ access_token: ' at ', refresh_token: 'rt', expires_in: 60, id_token: 'x' }, 1000)).toEqual({ access_token: 'at', refresh_token: 'rt', expiresAt: 61_000 });
  });

  it.each([
    [{ refresh_token: 'rt', expires_in: 60 }],
    [{ access_token: 'at', expires_in: 60 }],
    [{ access_token: 'at', refresh_token: 'rt' }],
    [{ access_token: 'at', refresh_token: 'rt', expires_in: 0 }],
  ])('refuses an answer missing a field: %o', (body) => {
    expect(() => readRefreshAnswer(body, 0)).toThrow('codex oauth refresh response missing fields');
  });
});
