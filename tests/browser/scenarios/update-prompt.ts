import { dirname } from 'node:path';
import { expect } from 'vitest';
import { buildConsole } from '../support/build-console.js';
import { startGateway } from '../support/gateway.js';
import { saveScreenshot } from '../support/screenshots.js';
import { expectToast, type Suite } from './suite.js';

/** A new build shows "new version — reload"; nothing reloads until the user clicks. */
export async function updatePrompt(suite: Suite): Promise<void> {
  const page = suite.page;
  await page.goto('/token');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe('browser-build-1');

  const secondBuild = await buildConsole('browser-build-2');
  suite.cleanup.push(dirname(secondBuild));
  await suite.gateway.stop();
  suite.gateway = await startGateway({ pwaDist: secondBuild, port: suite.gateway.port, dataDir: suite.gateway.dataDir });

  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  await expectToast(page, '有新版本可用', 30_000);
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe('browser-build-1');
  await saveScreenshot(page, 'update-prompt-desktop');

  await Promise.all([page.waitForEvent('load', { timeout: 20_000 }), page.locator('[data-sonner-toast]', { hasText: '有新版本可用' }).getByRole('button', { name: '重新加载' }).click()]);
  await page.waitForFunction(() => document.documentElement.dataset.build === 'browser-build-2', undefined, { timeout: 20_000 });
}
