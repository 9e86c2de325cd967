import { z } from 'zod';
import { serverAddress } from '../../options/server-address.js';
import type { ApiContext } from '../api-context.js';
import { ApiError } from '../envelope.js';
import type { ExternalAccount } from './external-account.js';
import { providerCall } from './fetch-json.js';

const discovery = z.object({ token_endpoint: z.string(), userinfo_endpoint: z.string() }).loose();
const tokenAnswer = z.object({ access_token: z.string().optional() }).loose();
const userAnswer = z
  .object({ sub: z.string().nullish(), email: z.string().nullish(), name: z.string().nullish(), preferred_username: z.string().nullish() })
  .loose();

const UNREACHABLE = '无法连接至 OIDC 服务器，请稍后重试！';

/**
 * new-api's getOidcUserInfoByCode: form POST to oidc.token_endpoint with redirect_uri <ServerAddress>/oauth/oidc,
 * then oidc.user_info_endpoint; `sub` and `email` are required. When the endpoint options are empty they
 * are read from the oidc.well_known discovery document (new-api leaves that to the settings page).
 */
export async function oidcAccount(c: ApiContext, code: string): Promise<ExternalAccount> {
  if (!code) throw new ApiError('无效的参数');
  const { options } = c.app;
  const endpoints = await oidcEndpoints(c);
  const form = {
    client_id: options.get('oidc.client_id'),
    client_secret: options.get('oidc.client_secret'),
    code,
    grant_type: 'authorization_code',
    redirect_uri: `${serverAddress(c.app)}/oauth/oidc`,
  };
  const token = await providerCall(endpoints.token, { form }, UNREACHABLE);
  const accessToken = tokenAnswer.safeParse(token.body).data?.access_token;
  if (!accessToken) throw new ApiError('OIDC 获取 Token 失败，请检查设置！');
  const info = await providerCall(endpoints.userInfo, { headers: { Authorization: `Bearer ${accessToken}` } }, UNREACHABLE);
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

async function oidcEndpoints(c: ApiContext): Promise<{ token: string; userInfo: string }> {
  const { options } = c.app;
  const token = options.get('oidc.token_endpoint');
  const userInfo = options.get('oidc.user_info_endpoint');
  const wellKnown = options.get('oidc.well_known');
  if ((token && userInfo) || !wellKnown) return { token, userInfo };
  const doc = discovery.safeParse((await providerCall(wellKnown, {}, UNREACHABLE)).body).data;
  if (!doc) throw new ApiError(UNREACHABLE);
  return { token: token || doc.token_endpoint, userInfo: userInfo || doc.userinfo_endpoint };
}
