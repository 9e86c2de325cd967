import { expect } from 'vitest';
import { saveScreenshot } from '../support/screenshots.js';
import type { Suite } from './suite.js';

/** Cache Storage, read as text, never holds a full key. */
async function cachedBodiesContaining(suite: Suite, needle: string): Promise<string[]> {
  return suite.page.evaluate(async (needle) => {
    const hits: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const text = response ? await response.clone().text() : '';
        if (text.includes(needle) || request.url.includes(needle)) hits.push(`${name} ${request.url}`);
      }
    }
    return hits;
  }, needle);
}

/** With the network cut, a reload renders the shell and the last token list with the offline banner. */
export async function offlineReload(suite: Suite): Promise<void> {
  const page = suite.page;
  await page.goto('/token');
  await page.locator('tr', { hasText: suite.tokenName }).waitFor();
  await page.waitForTimeout(1200); // persistence is throttled
  await suite.desktop.setOffline(true);
  try {
    await page.reload();
    await page.locator('[data-offline-banner]', { hasText: '当前离线 — 数据来自' }).waitFor({ timeout: 15_000 });
    const row = page.locator('tr', { hasText: suite.tokenName });
    await row.waitFor();
    await expect(row.locator('[data-token-key]').textContent()).resolves.toContain('**********');
    expect(await row.locator('[data-copy-key]').isDisabled()).toBe(true);
    expect(await page.locator('[data-create-token]').isDisabled()).toBe(true);
    await saveScreenshot(page, 'offline-token-desktop');
  } finally {
    await suite.desktop.setOffline(false);
  }
  expect(await cachedBodiesContaining(suite, suite.tokenKey)).toEqual([]);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored.includes(suite.tokenKey)).toBe(false);
}
