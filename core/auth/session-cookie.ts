import { parse as parseCookie, serialize } from 'cookie';
import { sign, unsign } from 'cookie-signature';

export interface SessionData {
  id?: number;
  username?: string;
  role?: number;
  status?: number;
  group?: string;
  oauth_state?: string;
  /** unix seconds after which oauth_state is no longer accepted */
  oauth_state_exp?: number;
  aff?: string;
  turnstile?: boolean;
  /** unix seconds */
  exp?: number;
}

export const SESSION_COOKIE = 'session';
export const SESSION_MAX_AGE = 2_592_000;

/** new-api keeps the whole session in an HMAC-signed cookie; so do we (signed, not encrypted: no secrets in it). */
export class SessionCodec {
  constructor(private readonly secret: string) {}

  read(cookieHeader: string | undefined, now = Date.now()): SessionData {
    if (!cookieHeader) return {};
    const raw = parseCookie(cookieHeader)[SESSION_COOKIE];
    if (!raw) return {};
    const value = unsign(raw, this.secret);
    if (value === false) return {};
    try {
      const data = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as SessionData;
      if (typeof data !== 'object' || data === null) return {};
      if (data.exp !== undefined && data.exp * 1000 < now) return {};
      return data;
    } catch {
      return {};
    }
  }

  write(data: SessionData, now = Date.now()): string {
    const payload = { ...data, exp: Math.floor(now / 1000) + SESSION_MAX_AGE };
    const value = sign(Buffer.from(JSON.stringify(payload)).toString('base64url'), this.secret);
    return serialize(SESSION_COOKIE, value, { path: '/', maxAge: SESSION_MAX_AGE, httpOnly: true, sameSite: 'strict' });
  }

  clear(): string {
    return serialize(SESSION_COOKIE, '', { path: '/', maxAge: -1, httpOnly: true, sameSite: 'strict' });
  }
}
