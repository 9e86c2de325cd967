import type { OptionKey } from '../../options/option-defaults.js';
import type { ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { ApiError, fail, ok, type ApiResult } from '../envelope.js';
import { inviterIdOf } from '../user/insert-user.js';
import { bindExternal, loginExternal, type ExternalAccount } from './external-account.js';
import { githubAccount } from './github-account.js';
import { linuxdoAccount } from './linuxdo-account.js';
import { takeOAuthState } from './oauth-state.js';
import { oidcAccount } from './oidc-account.js';
import { hasSessionUser } from './session-user.js';

interface OAuthProvider {
  /** the name in new-api's messages */
  label: string;
  enabledOption: OptionKey;
  /** GitHub and Linux DO credit the inviter named by the aff of /api/oauth/state; OIDC does not */
  creditsInviter: boolean;
  /** Linux DO's callback carries error/error_description when the user declined; new-api shows the description */
  errorInQuery?: boolean;
  account(c: ApiContext, code: string): Promise<ExternalAccount>;
}

/**
 * The GitHub, OIDC and Linux DO callbacks (spec console-api.md §3.7): the state must match the one in the
 * session (HTTP 403 otherwise) and is spent; with a signed-in session the identity is bound to that user
 * (message "bind"), otherwise it logs in, registering a new account when needed.
 */
function callback(p: OAuthProvider) {
  return async (c: ApiContext): Promise<ApiResult> => {
    if (p.errorInQuery && c.query.get('error')) return fail(c.query.get('error_description') ?? '');
    if (!(await takeOAuthState(c))) return fail('state is empty or not same', 403);
    // Failures are answered, not thrown, so the session that no longer holds the state is saved either way.
    try {
      if (!c.app.options.bool(p.enabledOption)) return fail(`管理员未开启通过 ${p.label} 登录以及注册`);
      const account = await p.account(c, c.query.get('code') ?? '');
      if (hasSessionUser(c)) {
        return (await bindExternal(c, account.column, account.id)) ? ok(undefined, 'bind') : fail(`该 ${p.label} 账户已被绑定`);
      }
      const inviterId = p.creditsInviter ? await inviterIdOf(c.app, c.session.aff) : 0;
      return await loginExternal(c, account, inviterId);
    } catch (e) {
      if (e instanceof ApiError) return fail(e.message, e.status);
      throw e;
    }
  };
}

const github: OAuthProvider = { label: 'GitHub', enabledOption: 'GitHubOAuthEnabled', creditsInviter: true, account: githubAccount };
const oidc: OAuthProvider = { label: 'OIDC', enabledOption: 'oidc.enabled', creditsInviter: false, account: oidcAccount };
const linuxdo: OAuthProvider = { label: 'Linux DO', enabledOption: 'LinuxDOOAuthEnabled', creditsInviter: true, errorInQuery: true, account: linuxdoAccount };

export const oauthCallbackRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/oauth/github', access: 'public', critical: true, handler: callback(github) },
  { method: 'get', path: '/api/oauth/oidc', access: 'public', critical: true, handler: callback(oidc) },
  { method: 'get', path: '/api/oauth/linuxdo', access: 'public', critical: true, handler: callback(linuxdo) },
];
