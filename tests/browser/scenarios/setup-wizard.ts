import { expect } from 'vitest';
import { newContext, PHONE } from '../support/chromium.js';
import { ROOT } from '../support/console-session.js';
import { saveScreenshot } from '../support/screenshots.js';
import type { Suite } from './suite.js';

/** Every path goes to /setup; the wizard warns about the embedded database and reloads after 1.5 s. */
export async function setupWizard(suite: Suite): Promise<void> {
  const phone = await newContext(suite.browser, suite.gateway.url, PHONE);
  const phonePage = await phone.newPage();
  await phonePage.goto('/setup');
  await phonePage.locator('[data-setup-form]').waitFor();
  await saveScreenshot(phonePage, 'setup-mobile', true);
  await phone.close();

  const page = suite.page;
  await page.goto('/token');
  await page.waitForURL(/\/setup$/);
  await page.locator('[data-database-warning]').waitFor();
  await saveScreenshot(page, 'setup-desktop');
  await page.fill('#setup-username', ROOT.username);
  await page.fill('#setup-password', ROOT.password);
  await page.fill('#setup-confirm', ROOT.password);
  await page.click('[data-setup-form] button[type=submit]');
  await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
  await page.locator('[data-home-default]').waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  await page.goto('/setup');
  await page.waitForURL((url) => url.pathname === '/');
}
