import { localStore } from '../../lib/local-store';
import type { StorageKey } from '../../lib/storage-keys';

export type ColumnVisibility<Id extends string = string> = Record<Id, boolean>;

/** Saved choices over the defaults; unknown or non-boolean saved entries are ignored. */
export function readColumnVisibility<Id extends string>(key: StorageKey, defaults: ColumnVisibility<Id>): ColumnVisibility<Id> {
  const saved = localStore.getJson<Partial<Record<string, unknown>>>(key) ?? {};
  const merged = { ...defaults };
  for (const id of Object.keys(defaults) as Id[]) {
    const value = saved[id];
    if (typeof value === 'boolean') merged[id] = value;
  }
  return merged;
}

export function writeColumnVisibility(key: StorageKey, visibility: ColumnVisibility): void {
  localStore.setJson(key, visibility);
}
