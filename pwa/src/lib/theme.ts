import { useSyncExternalStore } from 'react';
import { localStore } from './local-store';
import { storageKeys } from './storage-keys';

export type ThemeMode = 'light' | 'dark';
const listeners = new Set<() => void>();

/** `theme-mode` if set, otherwise the system preference. */
export function currentTheme(): ThemeMode {
  const stored = localStore.get(storageKeys.themeMode);
  if (stored === 'dark' || stored === 'light') return stored;
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(mode: ThemeMode = currentTheme()): void {
  document.documentElement.classList.toggle('dark', mode === 'dark');
  document.documentElement.style.colorScheme = mode;
}

export function setTheme(mode: ThemeMode): void {
  localStore.set(storageKeys.themeMode, mode);
  applyTheme(mode);
  for (const listener of listeners) listener();
}

export function useTheme(): ThemeMode {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentTheme,
    () => 'light',
  );
}
