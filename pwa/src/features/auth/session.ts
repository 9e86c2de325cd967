import { useSyncExternalStore } from 'react';
import { ROLE_ADMIN, ROLE_ROOT, type SessionUser } from '../../../../core/contracts/user';
import { localStore } from '../../lib/local-store';
import { storageKeys } from '../../lib/storage-keys';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedUser: SessionUser | null = null;

function emit() {
  for (const listener of listeners) listener();
}

/** The user stored at login (key `user`); null when signed out. */
export function getStoredUser(): SessionUser | null {
  const raw = localStore.get(storageKeys.user);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      const parsed = raw ? (JSON.parse(raw) as SessionUser) : null;
      cachedUser = parsed && typeof parsed.id === 'number' ? parsed : null;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

export function storeUser(user: SessionUser): void {
  const { id, username, display_name, role, status, group } = user;
  localStore.setJson(storageKeys.user, { id, username, display_name, role, status, group });
  emit();
}

export function clearStoredUser(): void {
  localStore.remove(storageKeys.user);
  emit();
}

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      window.addEventListener('storage', listener);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', listener);
      };
    },
    getStoredUser,
    () => null,
  );
}

export const isAdmin = (user: Pick<SessionUser, 'role'> | null): boolean => (user?.role ?? 0) >= ROLE_ADMIN;
export const isRoot = (user: Pick<SessionUser, 'role'> | null): boolean => (user?.role ?? 0) >= ROLE_ROOT;
