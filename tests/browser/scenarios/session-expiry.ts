import { expect } from 'vitest';
import { newContext } from '../support/chromium.js';
import type { Suite } from './suite.js';

/** A stored user whose session cookie is gone: the first 401 sends them to /login?expired=true. */
export async function sessionExpiry(suite: Suite): Promise<void> {
  const state = await suite.desktop.storageState();
  const context = await newContext(suite.browser, suite.gateway.url, { storageState: { ...state, cookies: [] } });
  const page = await context.newPage();
  await page.goto('/token');
  await page.waitForURL(/\/login\?expired=true/);
  await page.locator('[data-expired-alert]', { hasText: '未登录或登录已过期，请重新登录' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await context.close();

  const visitor = await newContext(suite.browser, suite.gateway.url);
  const anonymous = await visitor.newPage();
  await anonymous.goto('/log');
  await anonymous.waitForURL(/\/login\?.*expired=true/);
  await visitor.close();
}
