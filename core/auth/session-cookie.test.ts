import { describe, expect, it } from 'vitest';
import { SessionCodec } from './session-cookie.js';

describe('SessionCodec', () => {
  const codec = new SessionCodec('secret-one');
  const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;

  it('round-trips a signed session', () => {
    const c = cookieOf(codec.write({ id: 7, username: 'alice', role: 1 }));
    expect(codec.read(c)).toMatchObject({ id: 7, username: 'alice', role: 1 });
  });

  it('rejects a tampered or foreign-secret cookie', () => {
    const c = cookieOf(codec.write({ id: 7, role: 1 }));
    const [name, value] = c.split('=');
    const forged = Buffer.from(JSON.stringify({ id: 1, role: 100 })).toString('base64url');
    expect(codec.read(`${name}=${forged}.${value!.split('.')[1]}`)).toEqual({});
    expect(new SessionCodec('other').read(c)).toEqual({});
  });

  it('expires after 30 days', () => {
    const c = cookieOf(codec.write({ id: 7 }, 0));
    expect(codec.read(c, 31 * 86400 * 1000)).toEqual({});
  });

  it('sets HttpOnly, SameSite=Strict and a 30-day Max-Age', () => {
    const header = codec.write({ id: 1 });
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Strict/);
    expect(header).toMatch(/Max-Age=2592000/);
  });
});
