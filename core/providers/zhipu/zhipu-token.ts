import { createHmac } from 'node:crypto';

/** new-api signs Zhipu tokens for 24 hours; a cached one is replaced a minute before it runs out. */
const TTL_MS = 24 * 3600 * 1000;
const RENEW_BEFORE_MS = 60 * 1000;

const b64url = (s: string | Buffer) => Buffer.from(s).toString('base64url');

/**
 * The JWT Zhipu's v4 API takes for an `id.secret` key (new-api's getZhipuToken): HS256 over the secret, header
 * with sign_type SIGN, claims api_key, exp and timestamp in milliseconds. Null when the key is not `id.secret`.
 */
export function zhipuJwt(key: string, nowMs: number): string | null {
  const parts = key.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  const [id, secret] = parts as [string, string];
  const header = b64url(JSON.stringify({ alg: 'HS256', sign_type: 'SIGN', typ: 'JWT' }));
  const claims = b64url(JSON.stringify({ api_key: id, exp: nowMs + TTL_MS, timestamp: nowMs }));
  const signature = createHmac('sha256', secret).update(`${header}.${claims}`).digest('base64url');
  return `${header}.${claims}.${signature}`;
}

const cache = new Map<string, { token: string; expiresAt: number }>();

/** The key's token, signed once and reused until shortly before it expires. */
export function zhipuToken(key: string, nowMs = Date.now()): string | null {
  const hit = cache.get(key);
  if (hit && nowMs < hit.expiresAt - RENEW_BEFORE_MS) return hit.token;
  const token = zhipuJwt(key, nowMs);
  if (token) cache.set(key, { token, expiresAt: nowMs + TTL_MS });
  return token;
}

/** Drops the key's signed token (Zhipu refused it), so the next request signs a new one. */
export function forgetZhipuToken({ key }: { key: string }): void {
  cache.delete(key);
}
