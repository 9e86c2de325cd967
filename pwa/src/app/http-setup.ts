import { toast } from 'sonner';
import { clearStoredUser } from '../features/auth/session';
import { configureHttp } from '../lib/http-client';
import { i18n } from '../lib/i18n';
import { clearPersistedQueries } from '../lib/query-persistence';
import { statusNotice } from './http-status-messages';
import { router } from './router';

/** Global HTTP handling: 401 → /login?expired=true; other statuses → the spec's toasts. */
export function setupHttp(): void {
  configureHttp({
    onUnauthorized: () => {
      clearStoredUser();
      clearPersistedQueries();
      if (router.state.location.pathname !== '/login') {
        void router.navigate({ to: '/login', search: { expired: true } });
      }
    },
    onStatus: (status, serverMessage) => {
      const notice = statusNotice(status, serverMessage);
      const text = i18n.t(notice.key, notice.params);
      if (notice.kind === 'info') toast.info(text);
      else toast.error(text);
    },
  });
}
