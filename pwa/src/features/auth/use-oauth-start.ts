import { useState } from 'react';
import { notifyError } from '../../lib/notify-error';
import { localStore } from '../../lib/local-store';
import { storageKeys } from '../../lib/storage-keys';
import { useSiteStatus } from '../status/queries';
import { getOAuthState, type OAuthProvider } from './api';
import { oauthAuthorizeUrl } from './oauth-redirect';

/** Starts a third-party login or bind: fetch a state, then leave for the provider. */
export function useOAuthStart() {
  const status = useSiteStatus();
  const [pending, setPending] = useState<OAuthProvider | null>(null);
  const start = async (provider: OAuthProvider) => {
    setPending(provider);
    try {
      const state = await getOAuthState(localStore.get(storageKeys.aff) ?? undefined);
      window.location.href = oauthAuthorizeUrl(provider, status, state, window.location.origin);
    } catch (error) {
      setPending(null);
      notifyError(error);
    }
  };
  return { start, pending };
}
