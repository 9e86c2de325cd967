import { expect } from 'vitest';
import { newContext } from '../support/chromium.js';
import { saveScreenshot } from '../support/screenshots.js';
import { expectToast, type Suite } from './suite.js';

/** Client-side validation texts from the spec, then a successful registration that lands on /login. */
export async function registerWithValidation(suite: Suite): Promise<void> {
  const context = await newContext(suite.browser, suite.gateway.url);
  const page = await context.newPage();
  await page.goto('/register?aff=AbCd');
  await page.fill('#reg-username', 'alice');
  await page.fill('#reg-password', 'short');
  await page.fill('#reg-password2', 'different');
  await page.click('[data-register-form] button[type=submit]');
  await page.locator('p[role=alert]', { hasText: '密码长度不得小于 8 位！' }).waitFor();
  await page.locator('p[role=alert]', { hasText: '两次输入的密码不一致' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('aff'))).toBe('AbCd');
  await saveScreenshot(page, 'register-errors-desktop');

  await page.fill('#reg-password', 'alice-pass-1');
  await page.fill('#reg-password2', 'alice-pass-1');
  await page.click('[data-register-form] button[type=submit]');
  await page.waitForURL(/\/login/);
  await expectToast(page, '注册成功！');
  await context.close();
}
