import { z } from 'zod';
import type { ApiContext } from '../api-context.js';
import { ApiError } from '../envelope.js';
import type { ExternalAccount } from './external-account.js';
import { adminUrlPolicy, sharedOutboundDispatcher } from '../../upstream/outbound-policy.js';
import { providerCall } from './fetch-json.js';

const tokenAnswer = z.object({ access_token: z.string().optional() }).loose();
const userAnswer = z.object({ login: z.string().nullish(), name: z.string().nullish(), email: z.string().nullish() }).loose();

const UNREACHABLE = '无法连接至 GitHub 服务器，请稍后重试！';

/** new-api's getGitHubUserInfoByCode: code → access token (JSON POST) → GET /user; github_id is the login. */
export async function githubAccount(c: ApiContext, code: string): Promise<ExternalAccount> {
  if (!code) throw new ApiError('无效的参数');
  const { env, options } = c.app;
  const dispatcher = sharedOutboundDispatcher(adminUrlPolicy(env));
  const token = await providerCall(
    env.GITHUB_TOKEN_ENDPOINT,
    { json: { client_id: options.get('GitHubClientId'), client_secret: options.get('GitHubClientSecret'), code }, dispatcher },
    UNREACHABLE,
  );
  const accessToken = tokenAnswer.safeParse(token.body).data?.access_token ?? '';
  const answer = await providerCall(env.GITHUB_USER_ENDPOINT, { headers: { Authorization: `Bearer ${accessToken}` }, dispatcher }, UNREACHABLE);
  const user = userAnswer.safeParse(answer.body).data;
  if (!user?.login) throw new ApiError('返回值非法，用户字段为空，请稍后重试！');
  return {
    column: 'github_id',
    id: user.login,
    usernamePrefix: 'github',
    displayName: user.name || 'GitHub User',
    email: user.email ?? '',
  };
}
