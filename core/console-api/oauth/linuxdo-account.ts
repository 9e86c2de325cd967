import { z } from 'zod';
import type { ApiContext } from '../api-context.js';
import { ApiError } from '../envelope.js';
import type { ExternalAccount } from './external-account.js';
import { adminUrlPolicy, sharedOutboundDispatcher } from '../../upstream/outbound-policy.js';
import { providerCall } from './fetch-json.js';

const tokenAnswer = z.object({ access_token: z.string().optional(), message: z.string().optional() }).loose();
const userAnswer = z.object({ id: z.number().int(), name: z.string().nullish() }).loose();

/**
 * new-api's getLinuxdoUserInfoByCode: form POST with HTTP Basic client credentials and redirect_uri
 * <scheme>://<Host>/api/oauth/linuxdo, then GET the user; linux_do_id is the numeric id as a string.
 */
export async function linuxdoAccount(c: ApiContext, code: string): Promise<ExternalAccount> {
  if (!code) throw new ApiError('invalid code');
  const { env, options } = c.app;
  const dispatcher = sharedOutboundDispatcher(adminUrlPolicy(env));
  const credentials = Buffer.from(`${options.get('LinuxDOClientId')}:${options.get('LinuxDOClientSecret')}`).toString('base64');
  // new-api takes the scheme from its own TLS state; behind a TLS-terminating proxy the forwarded one is right.
  const scheme = c.ex.req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  const redirectUri = `${scheme}://${c.ex.req.headers['host'] ?? ''}/api/oauth/linuxdo`;
  const token = await providerCall(
    env.LINUX_DO_TOKEN_ENDPOINT,
    { headers: { Authorization: `Basic ${credentials}` }, form: { grant_type: 'authorization_code', code, redirect_uri: redirectUri }, dispatcher },
    'failed to connect to Linux DO server',
  );
  const answer = tokenAnswer.safeParse(token.body).data;
  if (!answer?.access_token) throw new ApiError(`failed to get access token: ${answer?.message ?? ''}`);
  const info = await providerCall(
    env.LINUX_DO_USER_ENDPOINT,
    { headers: { Authorization: `Bearer ${answer.access_token}` }, dispatcher },
    'failed to get user info from Linux DO',
  );
  const user = userAnswer.safeParse(info.body).data;
  if (!user || user.id === 0) throw new ApiError('invalid user info returned');
  return { column: 'linux_do_id', id: String(user.id), usernamePrefix: 'linuxdo', displayName: user.name ?? '' };
}
