import { localStore } from './local-store';
import { storageKeys } from './storage-keys';

const ALLOWED = [10, 20, 50, 100];

/** The page size remembered under `page-size` (default 10; options 10/20/50/100). */
export function storedPageSize(): number {
  const n = Number(localStore.get(storageKeys.pageSize));
  return ALLOWED.includes(n) ? n : 10;
}

export function rememberPageSize(size: number): void {
  if (ALLOWED.includes(size)) localStore.set(storageKeys.pageSize, String(size));
}
