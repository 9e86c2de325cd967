import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { localStore } from './local-store';
import { scrubSecrets } from './secret-scrub';
import { storageKeys } from './storage-keys';

const VERSION = 1;
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;

interface PersistedCache {
  v: number;
  /** Data belongs to this user id; another user never sees it. */
  owner: number;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

/**
 * Offline data without secrets: successful queries marked `meta.persist` are saved to local storage
 * after `scrubSecrets` (keys masked, tokens and passwords dropped). The service worker never caches them.
 */
export function restorePersistedQueries(client: QueryClient, owner: number | null): void {
  const saved = localStore.getJson<PersistedCache>(storageKeys.queryCache);
  if (!saved || saved.v !== VERSION || owner === null || saved.owner !== owner || Date.now() - saved.savedAt > MAX_AGE_MS) {
    if (saved) localStore.remove(storageKeys.queryCache);
    return;
  }
  hydrate(client, saved.state);
  // Saved data is only a stand-in: every restored query refetches as soon as a page uses it (when online).
  void client.invalidateQueries({ refetchType: 'none' });
}

export function persistQueries(client: QueryClient, owner: number): void {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (q) => q.state.status === 'success' && q.meta?.persist === true,
    shouldDehydrateMutation: () => false,
  });
  const payload: PersistedCache = { v: VERSION, owner, savedAt: Date.now(), state: scrubSecrets(state) };
  localStore.setJson(storageKeys.queryCache, payload);
}

export function clearPersistedQueries(): void {
  localStore.remove(storageKeys.queryCache);
}

/** Saves (throttled) whenever a persisted query gets new data. Returns the unsubscribe function. */
export function startQueryPersistence(client: QueryClient, currentOwner: () => number | null): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.meta?.persist !== true) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const owner = currentOwner();
      if (owner !== null) persistQueries(client, owner);
    }, 500);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
