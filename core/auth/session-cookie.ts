import { parse as parseCookie, serialize } from 'cookie';
import { sign, unsign } from 'cookie-signature';

export interface SessionData {
  /** the server-side session (sessions table) that the signed-in identity below belongs to */
  sid?: string;
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

export interface CookieAttributes {
  /** the request came over HTTPS (see session-cookie-secure.ts) */
  secure: boolean;
}

/** The session without its signed-in identity: what is left when the server-side session is gone. */
export function withoutLogin(data: SessionData): SessionData {
  const { sid: _sid, id: _id, username: _username, role: _role, status: _status, group: _group, ...rest } = data;
  return rest;
}

/**
 * The session cookie, HMAC-signed as new-api's cookie store (signed, not encrypted: no secrets in it). Besides
 * the sign-in it carries the short-lived pre-login values (OAuth state, inviter, Turnstile pass); the sign-in
 * itself is only believed while its sessions row is live (session-store.ts), so it can be revoked.
 */
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

  write(data: SessionData, attributes: CookieAttributes, now = Date.now()): string {
    const payload = { ...data, exp: Math.floor(now / 1000) + SESSION_MAX_AGE };
    const value = sign(Buffer.from(JSON.stringify(payload)).toString('base64url'), this.secret);
    return serialize(SESSION_COOKIE, value, cookieOptions(SESSION_MAX_AGE, attributes));
  }

  clear(attributes: CookieAttributes): string {
    return serialize(SESSION_COOKIE, '', cookieOptions(0, attributes));
  }
}

// Lax, not Strict: the browser must send the cookie on the top-level redirect back from an OAuth provider,
// or the callback would not find its state; cross-site POSTs and sub-requests still go without it.
const cookieOptions = (maxAge: number, { secure }: CookieAttributes) => ({ path: '/', maxAge, httpOnly: true, secure, sameSite: 'lax' as const });
