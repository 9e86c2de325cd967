import type { UpstreamClient } from '../../upstream/upstream-client.js';
import type { AuthorizeContext } from '../provider.js';
import { TokenCache, type FetchedToken } from '../token-cache.js';
import { fetchTokenJson } from '../token-fetch.js';
import { codexKeyExpiry, parseCodexKey, refreshedKey, type CodexKey, type CodexRefresh } from './codex-key.js';

// The ChatGPT OAuth client Codex CLI signs in as (new-api refreshes with the same one).
export const CODEX_OAUTH_CLIENT_ID = 'app_EMoamEEZ73f0CkXaXp7hrann';
export const CODEX_OAUTH_TOKEN_ENDPOINT = 'https://auth.openai.com/oauth/token';

/** A token with no known expiry is used as the key has it; the cache looks at the key again this often. */
const UNKNOWN_EXPIRY_RECHECK_MS = 6 * 60_000;
/** Refresh this long before the access token lapses (the cache's own margin). */
const EARLY_MS = 5 * 60_000;

/** The refresh grant's form body. */
export const refreshRequestBody = (refreshToken: string): string =>
  new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CODEX_OAUTH_CLIENT_ID }).toString();

/** The token endpoint's answer; new-api refuses one without access_token, refresh_token and a positive expires_in. */
export function readRefreshAnswer(body: Record<string, unknown>, nowMs: number): CodexRefresh {
  const access = typeof body.access_token === 'string' ? body.access_token.trim() : '';
  const refresh = typeof body.refresh_token === 'string' ? body.refresh_token.trim() : '';
  const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 0;
  if (!access || !refresh || expiresIn <= 0) throw new Error('codex oauth refresh response missing fields');
  return { access_token: access, refresh_token: refresh, expiresAt: nowMs + expiresIn * 1000 };
}

/** One refresh at the OAuth endpoint, through the relay's upstream client (the outbound policy applies). */
export async function refreshCodexKey(k: CodexKey, upstream: UpstreamClient, endpoint = CODEX_OAUTH_TOKEN_ENDPOINT): Promise<CodexKey> {
  const refreshToken = typeof k.refresh_token === 'string' ? k.refresh_token.trim() : '';
  if (!refreshToken) throw new Error('codex channel: refresh_token is required to refresh credential');
  const now = Date.now();
  const body = await fetchTokenJson(upstream, {
    url: endpoint,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: refreshRequestBody(refreshToken),
  });
  return refreshedKey(k, readRefreshAnswer(body, now), now);
}

const cache = new TokenCache();
/** Keys whose token the upstream refused (401): their next fetch refreshes whatever their `expired` says. */
const refused = new Set<string>();

// One entry per account and refresh token: the key rewritten after a refresh carries a new refresh token,
// so requests still holding the old key share the refreshed token until the channel reloads.
const cacheKeyOf = (k: CodexKey) => `${k.account_id}\n${typeof k.refresh_token === 'string' ? k.refresh_token : k.access_token}`;

/**
 * The access token to send: the key's own while it has more than five minutes left, otherwise one refresh
 * shared by every request waiting for it. A refreshed key is saved in place of the channel's (the refresh
 * token rotates: the old one is spent), as new-api writes it back to the channel.
 */
export function codexAccessToken(k: CodexKey, ctx: Pick<AuthorizeContext, 'upstream' | 'codexTokenEndpoint' | 'saveKey'>): Promise<string> {
  const id = cacheKeyOf(k);
  return cache.get(id, async (): Promise<FetchedToken> => {
    const now = Date.now();
    const expiry = codexKeyExpiry(k);
    const force = refused.delete(id);
    const fresh = expiry === null || expiry - EARLY_MS > now;
    if (!force && fresh) return { token: k.access_token, expiresAt: expiry ?? now + UNKNOWN_EXPIRY_RECHECK_MS };
    // no refresh token: the key's token is all there is (the upstream's refusal will say so)
    if (!k.refresh_token) return { token: k.access_token, expiresAt: now + UNKNOWN_EXPIRY_RECHECK_MS };
    const next = await refreshCodexKey(k, ctx.upstream, ctx.codexTokenEndpoint);
    if (ctx.saveKey) await ctx.saveKey(JSON.stringify(next));
    return { token: next.access_token, expiresAt: codexKeyExpiry(next) ?? now + UNKNOWN_EXPIRY_RECHECK_MS };
  });
}

/** The upstream answered 401 to the key's token: drop it, and refresh on the next try. */
export function forgetCodexToken(key: string): void {
  let k: CodexKey;
  try {
    k = parseCodexKey(key);
  } catch {
    return;
  }
  const id = cacheKeyOf(k);
  cache.forget(id);
  // bounded: entries leave on the next fetch; a flood of refusals for keys never used again is cut off
  if (refused.size >= 1000) refused.clear();
  if (k.refresh_token) refused.add(id);
}
