import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const hasChromium = (): boolean => existsSync(CHROMIUM_PATH);

/** Debian's Chromium, headless, with the background services that would touch the network turned off. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 860 }, locale: 'zh-CN', deviceScaleFactor: 1 };
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

export async function newContext(browser: Browser, baseURL: string, options: BrowserContextOptions = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ ...options, baseURL, serviceWorkers: 'allow' });
}
