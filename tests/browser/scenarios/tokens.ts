import { expect } from 'vitest';
import { pageApi, readClipboard, signIn } from '../support/console-session.js';
import { saveScreenshot } from '../support/screenshots.js';
import { expectToast, type Suite } from './suite.js';

interface TokenRow {
  id: number;
  name: string;
  key: string;
}

/** Login → create a token in the drawer → copy its key → see it in the list. */
export async function createAndCopyToken(suite: Suite): Promise<void> {
  const page = suite.page;
  await signIn(page);
  await page.click('[data-create-token]');
  const drawer = page.locator('[data-token-drawer]');
  await drawer.waitFor();
  await saveScreenshot(page, 'token-drawer-desktop');
  await page.fill('#token-name', suite.tokenName);
  await drawer.locator('button[type=submit]').click();
  await expectToast(page, '令牌创建成功');
  const row = page.locator('tr', { hasText: suite.tokenName });
  await row.waitFor();

  const list = await pageApi<{ data: TokenRow[] }>(page, 'GET', '/api/token/?p=0&size=10');
  const token = list.data.find((t) => t.name === suite.tokenName);
  expect(token).toBeTruthy();
  suite.tokenKey = token!.key;
  await expect(row.locator('[data-token-key]').textContent()).resolves.not.toContain(token!.key);

  await row.locator('[data-copy-key]').click();
  await expectToast(page, '已复制到剪贴板');
  expect(await readClipboard(page)).toBe(`sk-${token!.key}`);
  await saveScreenshot(page, 'token-desktop');
}
