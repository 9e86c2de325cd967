import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useRegisterSW } from 'virtual:pwa-register/react';

const HOURLY = 60 * 60 * 1000;

/**
 * Service worker registration with a prompt-style update: a new build shows "new version — reload";
 * nothing reloads by itself (an edit in progress is never lost).
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const check = () => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      };
      setInterval(check, HOURLY);
      document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
    },
  });

  useEffect(() => {
    if (!needRefresh) return;
    toast(t('pwa.updateAvailable'), {
      id: 'sw-update',
      description: t('pwa.updateDescription'),
      duration: Number.POSITIVE_INFINITY,
      action: { label: t('pwa.reload'), onClick: () => void updateServiceWorker(true) },
      cancel: { label: t('pwa.later'), onClick: () => setNeedRefresh(false) },
      classNames: { toast: 'sw-update-toast' },
    });
  }, [needRefresh, setNeedRefresh, t, updateServiceWorker]);

  return null;
}
