import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources, type Language } from '../locales';
import { localStore } from './local-store';
import { storageKeys } from './storage-keys';

export const LANGUAGES: { code: Language; label: string }[] = [
  { code: 'zh-CN', label: '简体中文' },
  { code: 'en', label: 'English' },
];

/** Reads `i18nextLng`; Chinese is the default, "en", "en-US" etc. select English. */
export function storedLanguage(): Language {
  const stored = localStore.get(storageKeys.language) ?? '';
  return stored.toLowerCase().startsWith('en') ? 'en' : 'zh-CN';
}

export function setLanguage(language: Language): void {
  localStore.set(storageKeys.language, language);
  void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = storedLanguage();

export { i18n };
