import { toast } from 'sonner';
import { BusinessError, isHandledError, NetworkError } from './http-errors';
import { i18n } from './i18n';

/** For calls made outside TanStack Query: tell the user once, like the global handlers do. */
export function notifyError(error: unknown, fallbackKey = 'common.requestFailed'): void {
  if (isHandledError(error)) return;
  if (error instanceof NetworkError) {
    toast.error(navigator.onLine ? i18n.t('http.network') : i18n.t('common.offlineAction'));
    return;
  }
  const message = error instanceof BusinessError || error instanceof Error ? error.message : '';
  toast.error(message || i18n.t(fallbackKey));
}
