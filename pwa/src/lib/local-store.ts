import type { StorageKey } from './storage-keys';

/** Local storage that never throws (private mode, quota, disabled storage). */
export const localStore = {
  get(key: StorageKey): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      /* storage full or unavailable: the value simply is not remembered */
    }
  },
  remove(key: StorageKey): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      /* ignore */
    }
  },
  getJson<T>(key: StorageKey): T | null {
    const raw = localStore.get(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJson(key: StorageKey, value: unknown): void {
    localStore.set(key, JSON.stringify(value));
  },
};
