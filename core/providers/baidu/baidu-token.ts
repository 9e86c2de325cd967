import type { ChannelConfig } from '../../actors/channel-config.js';
import type { Authorize } from '../provider.js';
import { BAIDU_BASE } from './baidu-v1.js';
import { TokenCache, type FetchedToken } from '../token-cache.js';
import { fetchTokenJson } from '../token-fetch.js';

// Baidu's v1 access_token (cloud.baidu.com/doc/WENXINWORKSHOP/s/Ilkkrb0i5): client credentials of the key
// `APIKey|SecretKey`, valid for expires_in seconds (30 days), sent as the `access_token` query parameter.

/** The token endpoint for a key, on the channel's base URL (a proxy in front of Baidu carries it too). */
export function baiduTokenUrl(base: string, key: string): string {
  const [apiKey, secretKey] = key.split('|');
  if (!apiKey || !secretKey) throw new Error('Baidu key must be APIKey|SecretKey');
  const q = new URLSearchParams({ grant_type: 'client_credentials', client_id: apiKey, client_secret: secretKey });
  return `${base}/oauth/2.0/token?${q}`;
}

/** The token endpoint's answer, or its refusal (`error` / `error_description`) as an Error. */
export function readBaiduToken(body: Record<string, unknown>, nowMs: number): FetchedToken {
  if (typeof body.error === 'string' && body.error) throw new Error(`${body.error}: ${String(body.error_description ?? '')}`);
  if (typeof body.access_token !== 'string' || !body.access_token) throw new Error('Baidu token endpoint returned no access_token');
  const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
  return { token: body.access_token, expiresAt: nowMs + seconds * 1000 };
}

/** `url` with the token as its access_token parameter. */
export const withAccessToken = (url: string, token: string): string => `${url}${url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}`;

const cache = new TokenCache();

/** The row's authorize step: the call as built, with a cached (or freshly fetched) access_token. */
export const baiduAuthorize: Authorize = async (call, { ch, key, upstream }) => {
  const url = baiduTokenUrl(ch.baseUrl || BAIDU_BASE, key);
  const token = await cache.get(url, async () => readBaiduToken(await fetchTokenJson(upstream, { url, method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' } }), Date.now()));
  return { ...call, url: withAccessToken(call.url, token) };
};

/** Baidu's error codes for an access_token that is invalid (110) or expired (111), sent inside a 200. */
export const BAIDU_TOKEN_REFUSED = [110, 111] as const;

/** The row's forgetToken: the key's access_token was refused, the next request fetches a new one. */
export function baiduForgetToken({ ch, key }: { ch: ChannelConfig; key: string }): void {
  try {
    cache.forget(baiduTokenUrl(ch.baseUrl || BAIDU_BASE, key));
  } catch {
    // a key without APIKey|SecretKey never had a token
  }
}
