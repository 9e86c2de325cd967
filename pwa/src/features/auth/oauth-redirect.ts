import type { SiteStatus } from '../../../../core/contracts/status';
import type { OAuthProvider } from './api';

/** The provider's authorization URL; the callback page is `<origin>/oauth/<provider>`. */
export function oauthAuthorizeUrl(provider: OAuthProvider, status: SiteStatus, state: string, origin: string): string {
  const params = new URLSearchParams({ state });
  if (provider === 'github') {
    params.set('client_id', status.github_client_id);
    params.set('scope', 'user:email');
    return `https://github.com/login/oauth/authorize?${params}`;
  }
  if (provider === 'oidc') {
    params.set('client_id', status.oidc_client_id);
    params.set('redirect_uri', `${origin}/oauth/oidc`);
    params.set('response_type', 'code');
    params.set('scope', 'openid profile email');
    return `${status.oidc_authorization_endpoint}?${params}`;
  }
  params.set('client_id', status.linuxdo_client_id);
  params.set('response_type', 'code');
  return `https://connect.linux.do/oauth2/authorize?${params}`;
}
