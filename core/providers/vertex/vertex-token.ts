import type { UpstreamClient } from '../../upstream/upstream-client.js';
import { TokenCache, type FetchedToken } from '../token-cache.js';
import { fetchTokenJson } from '../token-fetch.js';
import type { ServiceAccount } from './service-account.js';

const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const ASSERTION_LIFETIME_S = 3600;

/** The signed JWT a service account trades for an access token (Google's OAuth2 "JWT bearer" grant, RS256). */
export async function signAssertion(sa: ServiceAccount, nowS: number): Promise<string> {
  // loaded at the first Vertex token, not in every relay thread's heap (README, Memory footprint)
  const { importPKCS8, SignJWT } = await import('jose');
  const key = await importPKCS8(sa.private_key, 'RS256');
  return new SignJWT({ scope: SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(sa.private_key_id ? { kid: sa.private_key_id } : {}) })
    .setIssuer(sa.client_email)
    .setAudience(sa.token_uri)
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + ASSERTION_LIFETIME_S)
    .sign(key);
}

/** The form body of the exchange at token_uri. */
export const tokenRequestBody = (assertion: string): string =>
  new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString();

/** access_token and expires_in (seconds) of a token answer; throws when the answer has no token. */
export function readTokenAnswer(body: Record<string, unknown>, nowMs: number): FetchedToken {
  const token = body.access_token;
  if (typeof token !== 'string' || !token) throw new Error('token endpoint answered without an access_token');
  const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : ASSERTION_LIFETIME_S;
  return { token, expiresAt: nowMs + expiresIn * 1000 };
}

const cache = new TokenCache();
const cacheKey = (sa: ServiceAccount) => `${sa.token_uri}\n${sa.client_email}\n${sa.private_key_id}\n${sa.private_key}`;

/** Drops the account's cached access token (Vertex refused it), so the next request exchanges a fresh one. */
export function forgetVertexToken(sa: ServiceAccount): void {
  cache.forget(cacheKey(sa));
}

/** The account's access token, from the cache or one exchange shared by every request waiting for it. */
export function vertexAccessToken(sa: ServiceAccount, upstream: UpstreamClient): Promise<string> {
  return cache.get(cacheKey(sa), async () => {
    const now = Date.now();
    const assertion = await signAssertion(sa, Math.floor(now / 1000));
    const body = await fetchTokenJson(upstream, {
      url: sa.token_uri,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: tokenRequestBody(assertion),
    });
    return readTokenAnswer(body, now);
  });
}
