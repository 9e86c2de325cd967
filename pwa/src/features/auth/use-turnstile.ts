import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSiteStatus } from '../status/queries';

/** Turnstile state for a form: `ready()` says whether the check passed (and tells the user if not). */
export function useTurnstile() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const [token, setToken] = useState('');
  const enabled = status.turnstile_check && Boolean(status.turnstile_site_key);
  const ready = () => {
    if (enabled && !token) {
      toast.info(t('turnstile.wait'));
      return false;
    }
    return true;
  };
  return { enabled, siteKey: status.turnstile_site_key, token, setToken, ready };
}
