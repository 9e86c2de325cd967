import { expect } from 'vitest';
import { newContext } from '../support/chromium.js';
import { pageApi } from '../support/console-session.js';
import { saveScreenshot } from '../support/screenshots.js';
import type { Suite } from './suite.js';

const NOTICE = '## 维护通知\n\n本周六 **02:00–03:00** 升级数据库。\n\n<img src=x onerror="alert(1)"><a href="javascript:alert(2)">link</a>';

/** The announcement shows once, renders Markdown without running scripts, and "don't show today" sticks. */
export async function noticeOncePerDay(suite: Suite): Promise<void> {
  const saved = await pageApi<{ success: boolean }>(suite.page, 'PUT', '/api/option/', { key: 'Notice', value: NOTICE });
  expect(saved.success).toBe(true);
  const context = await newContext(suite.browser, suite.gateway.url);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  try {
    await page.goto('/pricing');
    const modal = page.locator('[data-notice-modal]');
    await modal.getByRole('heading', { name: '维护通知' }).waitFor();
    await saveScreenshot(page, 'notice-desktop');
    await modal.getByRole('button', { name: '今日关闭' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('noticeLastHiddenDate'))).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.reload();
    await page.locator('[data-pricing-banner]').waitFor();
    await page.waitForTimeout(800);
    expect(await page.locator('[data-notice-modal]').count()).toBe(0);
    expect(dialogs).toEqual([]);
  } finally {
    await context.close();
    await pageApi(suite.page, 'PUT', '/api/option/', { key: 'Notice', value: '' });
  }
}
