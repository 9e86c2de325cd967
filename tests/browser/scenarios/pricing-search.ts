import { expect } from 'vitest';
import { saveScreenshot } from '../support/screenshots.js';
import type { Suite } from './suite.js';

/** Fuzzy search narrows the model list; the banner shows the viewer's group. */
export async function pricingSearch(suite: Suite): Promise<void> {
  const page = suite.page;
  await page.goto('/pricing');
  await page.locator('[data-pricing-banner]', { hasText: 'default' }).waitFor();
  await page.locator('[data-model-name]', { hasText: 'deepseek-chat' }).waitFor();
  expect(await page.locator('[data-model-name]').count()).toBe(3);
  await page.fill('[data-model-search]', 'mini');
  await page.waitForFunction(() => document.querySelectorAll('[data-model-name]').length === 1);
  await expect(page.locator('[data-model-name]').first().textContent()).resolves.toContain('gpt-4o-mini');
  await page.fill('[data-model-search]', 'dpsk');
  await page.waitForFunction(() => document.querySelector('[data-model-name]')?.textContent?.includes('deepseek-chat') === true);
  await page.fill('[data-model-search]', '');
  await page.waitForFunction(() => document.querySelectorAll('[data-model-name]').length === 3);
  await saveScreenshot(page, 'pricing-desktop');
}
