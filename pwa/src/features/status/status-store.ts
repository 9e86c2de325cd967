import type { SiteStatus } from '../../../../core/contracts/status';
import { localStore } from '../../lib/local-store';
import { storageKeys } from '../../lib/storage-keys';
import { defaultStatus } from './default-status';

/** The last status the server sent (key `status`), merged over defaults. */
export function getStoredStatus(): SiteStatus | null {
  const stored = localStore.getJson<Partial<SiteStatus>>(storageKeys.status);
  return stored ? { ...defaultStatus, ...stored } : null;
}

/**
 * Saves the status and the derived keys other screens read (`chats`, `footer_html`, the feature flags).
 * `default_collapse_sidebar` is only seeded: once the user collapses or expands, that choice wins.
 */
export function storeStatus(status: SiteStatus): void {
  localStore.setJson(storageKeys.status, status);
  localStore.setJson(storageKeys.chats, status.chats ?? []);
  localStore.set(storageKeys.footerHtml, status.footer_html ?? '');
  localStore.set(storageKeys.enableDataExport, String(status.enable_data_export));
  localStore.set(storageKeys.enableDrawing, String(status.enable_drawing));
  localStore.set(storageKeys.enableTask, String(status.enable_task));
  localStore.set(storageKeys.mjNotifyEnabled, String(status.mj_notify_enabled));
  if (localStore.get(storageKeys.defaultCollapseSidebar) === null) {
    localStore.set(storageKeys.defaultCollapseSidebar, String(status.default_collapse_sidebar));
  }
}
