import { expect } from 'vitest';
import { newContext, PHONE } from '../support/chromium.js';
import { saveScreenshot } from '../support/screenshots.js';
import type { Suite } from './suite.js';

/** At 390×844: no sidebar, a drawer behind the menu button, cards instead of tables, 44 px touch targets. */
export async function mobileLayout(suite: Suite): Promise<void> {
  const context = await newContext(suite.browser, suite.gateway.url, { ...PHONE, storageState: await suite.desktop.storageState() });
  const page = await context.newPage();
  await page.goto('/token');
  await page.locator('[data-slot=data-cards]').waitFor();
  expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
  expect(await page.locator('aside').isVisible()).toBe(false);
  expect(await page.locator('table').count()).toBe(0);
  expect(await page.locator('[data-top-nav]').isVisible()).toBe(false);
  await expect(page.locator('[data-slot=data-cards] li', { hasText: suite.tokenName }).count()).resolves.toBe(1);

  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button:not([data-compact]), input:not([type=checkbox]), [role=combobox]')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => ({ what: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName, h: el.getBoundingClientRect().height }))
      .filter((x) => x.h < 44),
  );
  expect(small).toEqual([]);

  await page.click('[data-mobile-menu]');
  await page.locator('[data-mobile-drawer]').waitFor();
  await saveScreenshot(page, 'drawer-mobile');
  await page.keyboard.press('Escape');
  await context.close();
}
