import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Spinner } from '../../components/ui/skeleton';
import { errorMessage, isHandledError } from '../../lib/http-errors';
import { completeOAuth, type OAuthProvider } from './api';
import { useSignIn } from './use-sign-in';

/**
 * The provider sends the user back here with code and state. "bind" → /setting; otherwise the user
 * is signed in and goes to /token; a failure shows the message and goes to /setting.
 */
export function OAuthCallbackPage({ provider, code, state }: { provider: OAuthProvider; code: string; state: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => {
      if (message) toast.error(message);
      toast.error(t('oauth.failed'));
      setTimeout(() => void navigate({ to: '/setting' }), 1200);
    };
    if (!code) {
      fail(t('oauth.missingCode'));
      return;
    }
    completeOAuth(provider, code, state)
      .then((res) => {
        if (!res.success) return fail(res.message ?? '');
        if (res.message === 'bind') {
          toast.success(t('oauth.bindSuccess'));
          return void navigate({ to: '/setting' });
        }
        if (res.data) signIn(res.data);
        return void navigate({ to: '/token' });
      })
      .catch((error: unknown) => fail(isHandledError(error) ? '' : errorMessage(error)));
  }, [code, navigate, provider, signIn, state, t]);
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 py-24 text-center" data-oauth-callback>
      <Spinner className="size-7 text-primary" />
      <p className="font-medium">{t('oauth.processing')}</p>
      <p className="text-[13px] text-muted-foreground">{t('oauth.processingHint')}</p>
    </div>
  );
}
