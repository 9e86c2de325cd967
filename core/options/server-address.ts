import type { AppServices } from '../app-services.js';

/**
 * The public address used in links sent out (reset mails, the top-up link of low-balance notices, the OIDC
 * redirect_uri): the ServerAddress option, else the local default that /api/status also shows.
 */
export function serverAddress(app: Pick<AppServices, 'options' | 'env'>): string {
  return (app.options.get('ServerAddress').trim() || `http://localhost:${app.env.PORT || 3000}`).replace(/\/+$/, '');
}
