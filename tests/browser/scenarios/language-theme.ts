import { expect } from 'vitest';
import { saveScreenshot } from '../support/screenshots.js';
import type { Suite } from './suite.js';

/** English via the language menu (i18nextLng) and dark mode (theme-mode), both surviving a reload. */
export async function languageAndTheme(suite: Suite): Promise<void> {
  const page = suite.page;
  await page.goto('/token');
  await page.click('[data-language-menu]');
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await page.getByRole('heading', { name: 'API tokens' }).waitFor();
  await page.click('[data-theme-toggle]');
  await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
  expect(await page.evaluate(() => [localStorage.getItem('i18nextLng'), localStorage.getItem('theme-mode')])).toEqual(['en', 'dark']);
  await page.reload();
  await page.getByRole('heading', { name: 'API tokens' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  await saveScreenshot(page, 'token-dark-english-desktop');

  await page.click('[data-language-menu]');
  await page.getByRole('menuitemradio', { name: '简体中文' }).click();
  await page.getByRole('heading', { name: 'API令牌' }).waitFor();
  await page.click('[data-theme-toggle]');
  await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
  expect(await page.evaluate(() => localStorage.getItem('theme-mode'))).toBe('light');
}
