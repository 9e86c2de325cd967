import './styles.css';
import './lib/i18n';
import './lib/install-prompt';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { setupHttp } from './app/http-setup';
import { queryClient } from './app/query-client';
import { getStoredUser } from './features/auth/session';
import { restorePersistedQueries, startQueryPersistence } from './lib/query-persistence';
import { installLinkHook } from './lib/sanitize-html';
import { applyTheme } from './lib/theme';

document.documentElement.dataset.build = __BUILD_ID__;
applyTheme();
installLinkHook();
setupHttp();
// Last known read-only data (keys masked) so lists render at once, and offline.
restorePersistedQueries(queryClient, getStoredUser()?.id ?? null);
startQueryPersistence(queryClient, () => getStoredUser()?.id ?? null);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
