import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningGateway } from '../support/gateway.js';
import type { MockUpstream } from '../support/mock-upstream.js';

/** State shared by the scenarios, which run in order against one gateway. */
export interface Suite {
  browser: Browser;
  gateway: RunningGateway;
  upstream: MockUpstream;
  /** Directory of the first console build (the gateway serves it until the update scenario). */
  firstBuild: string;
  /** Temporary directories to remove when the suite ends. */
  cleanup: string[];
  desktop: BrowserContext;
  /** The signed-in root page, kept open across scenarios. */
  page: Page;
  tokenKey: string;
  tokenName: string;
}

/** Waits for a sonner toast containing `text`. */
export async function expectToast(page: Page, text: string | RegExp, timeout = 10_000): Promise<void> {
  await page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor({ timeout });
}
