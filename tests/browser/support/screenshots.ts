import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

export const SCREENSHOT_DIR = fileURLToPath(new URL('../__screenshots__/', import.meta.url));

/** Saves `<name>.png` under tests/browser/__screenshots__ after fonts and animations settle. */
export async function saveScreenshot(page: Page, name: string, fullPage = false): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(250);
  const path = `${SCREENSHOT_DIR}${name}.png`;
  await page.screenshot({ path, fullPage });
  return path;
}
