import { LRUCache } from 'lru-cache';
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { serverAddress } from '../../options/server-address.js';
import { adminUrlPolicy, sharedOutboundDispatcher } from '../../upstream/outbound-policy.js';
import type { ApiContext } from '../api-context.js';
import { ApiError } from '../envelope.js';
import type { ExternalAccount } from './external-account.js';
import { providerCall } from './fetch-json.js';
import { discoveryDocument, oidcEndpoints, type DiscoveryDocument, type OidcEndpoints } from './oidc-endpoints.js';

const tokenAnswer = z.object({ access_token: z.string().optional() }).loose();
const userAnswer = z
  .object({ sub: z.string().nullish(), email: z.string().nullish(), name: z.string().nullish(), preferred_username: z.string().nullish() })
  .loose();

const UNREACHABLE = '无法连接至 OIDC 服务器，请稍后重试！';

const DISCOVERY_TTL_MS = 3_600_000;

/**
 * The discovery document of the oidc.well_known value, fetched once an hour rather than per callback (each
 * callback is an anonymous visitor's request). One entry keyed by the value: a changed option is a miss and
 * replaces it. Concurrent callbacks share one fetch; a failed fetch is not kept. A fetch whose entry is
 * replaced meanwhile still answers the callbacks waiting on it (ignoreFetchAbort).
 */
const discoveries = new LRUCache<string, DiscoveryDocument, Dispatcher>({
  max: 1,
  ttl: DISCOVERY_TTL_MS,
  ignoreFetchAbort: true,
  fetchMethod: async (wellKnown, _stale, { context: dispatcher }) => {
    const doc = discoveryDocument.safeParse((await providerCall(wellKnown, { dispatcher }, UNREACHABLE)).body).data;
    if (!doc) throw new ApiError(UNREACHABLE);
    return doc;
  },
});

/**
 * new-api's getOidcUserInfoByCode: form POST to oidc.token_endpoint with redirect_uri <ServerAddress>/oauth/oidc,
 * then oidc.user_info_endpoint; `sub` and `email` are required. When the endpoint options are empty they
 * are read from the oidc.well_known discovery document (new-api leaves that to the settings page), on the
 * well-known's origin only (oidc-endpoints.ts).
 */
export async function oidcAccount(c: ApiContext, code: string): Promise<ExternalAccount> {
  if (!code) throw new ApiError('无效的参数');
  const { options } = c.app;
  // The provider is the admin's choice and may be self-hosted on a private network (adminUrlPolicy).
  const dispatcher = sharedOutboundDispatcher(adminUrlPolicy(c.app.env));
  const endpoints = await endpointsOf(c, dispatcher);
  const form = {
    client_id: options.get('oidc.client_id'),
    client_secret: options.get('oidc.client_secret'),
    code,
    grant_type: 'authorization_code',
    redirect_uri: `${serverAddress(c.app)}/oauth/oidc`,
  };
  const token = await providerCall(endpoints.token, { form, dispatcher }, UNREACHABLE);
  const accessToken = tokenAnswer.safeParse(token.body).data?.access_token;
  if (!accessToken) throw new ApiError('OIDC 获取 Token 失败，请检查设置！');
  const info = await providerCall(endpoints.userInfo, { headers: { Authorization: `Bearer ${accessToken}` }, dispatcher }, UNREACHABLE);
  if (info.status !== 200) throw new ApiError('OIDC 获取用户信息失败！请检查设置！');
  const user = userAnswer.safeParse(info.body).data;
  if (!user?.sub || !user.email) throw new ApiError('OIDC 获取用户信息为空！请检查设置！');
  return {
    column: 'oidc_id',
    id: user.sub,
    usernamePrefix: 'oidc',
    username: user.preferred_username ?? undefined,
    displayName: user.name || 'OIDC User',
    email: user.email,
  };
}

async function endpointsOf(c: ApiContext, dispatcher: Dispatcher): Promise<OidcEndpoints> {
  const { options } = c.app;
  const configured = { token: options.get('oidc.token_endpoint'), userInfo: options.get('oidc.user_info_endpoint') };
  const wellKnown = options.get('oidc.well_known');
  if ((configured.token && configured.userInfo) || !wellKnown) return configured;
  const doc = await discoveries.fetch(wellKnown, { context: dispatcher });
  if (!doc) throw new ApiError(UNREACHABLE);
  return oidcEndpoints(wellKnown, configured, doc);
}
