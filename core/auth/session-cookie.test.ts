import { describe, expect, it } from 'vitest';
import { SessionCodec, withoutLogin } from './session-cookie.js';

describe('SessionCodec', () => {
  const codec = new SessionCodec('secret-one');
  const plain = { secure: false };
  const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;

  it('round-trips a signed session', () => {
    const c = cookieOf(codec.write({ sid: 's1', id: 7, username: 'alice', role: 1 }, plain));
    expect(codec.read(c)).toMatchObject({ sid: 's1', id: 7, username: 'alice', role: 1 });
  });

  it('rejects a tampered or foreign-secret cookie', () => {
    const c = cookieOf(codec.write({ id: 7, role: 1 }, plain));
    const [name, value] = c.split('=');
    const forged = Buffer.from(JSON.stringify({ id: 1, role: 100 })).toString('base64url');
    expect(codec.read(`${name}=${forged}.${value!.split('.')[1]}`)).toEqual({});
    expect(new SessionCodec('other').read(c)).toEqual({});
  });

  it('expires after 30 days', () => {
    const c = cookieOf(codec.write({ id: 7 }, plain, 0));
    expect(codec.read(c, 31 * 86400 * 1000)).toEqual({});
  });

  it.each([
    [false, 'session=x; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax'],
    [true, 'session=x; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax'],
  ])('writes HttpOnly, SameSite=Lax, a 30-day Max-Age and Secure=%s', (secure, expected) => {
    expect(codec.write({ id: 1 }, { secure }).replace(/^session=[^;]+/, 'session=x')).toBe(expected);
  });

  it.each([false, true])('clears with the same attributes (Secure=%s)', (secure) => {
    expect(codec.clear({ secure })).toBe(`session=; Max-Age=0; Path=/; HttpOnly; ${secure ? 'Secure; ' : ''}SameSite=Lax`);
  });
});

describe('withoutLogin', () => {
  it('keeps the pre-login values and drops the sign-in', () => {
    const data = { sid: 's', id: 1, username: 'u', role: 1, status: 1, group: 'g', oauth_state: 'st', oauth_state_exp: 9, aff: 'a', turnstile: true, exp: 5 };
    expect(withoutLogin(data)).toEqual({ oauth_state: 'st', oauth_state_exp: 9, aff: 'a', turnstile: true, exp: 5 });
  });
});
