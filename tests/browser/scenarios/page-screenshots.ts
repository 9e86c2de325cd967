import { DESKTOP, newContext, PHONE } from '../support/chromium.js';
import { saveScreenshot } from '../support/screenshots.js';
import type { Suite } from './suite.js';

/** Each main page, signed in, on desktop and on a phone; login, register and 404 signed out. */
export const SIGNED_IN = [
  ['home', '/'],
  ['token', '/token'],
  ['log', '/log'],
  ['pricing', '/pricing'],
  ['topup', '/topup'],
  ['personal', '/personal'],
  ['personal-notify', '/personal?tab=notify'],
  ['playground', '/playground'],
  ['dashboard', '/detail'],
  ['drawing', '/midjourney'],
  ['task', '/task'],
  ['about', '/about'],
  ['contact', '/contact'],
] as const;
export const SIGNED_OUT = [
  ['login', '/login'],
  ['register', '/register'],
  ['not-found', '/no-such-page'],
] as const;

export async function pageScreenshots(suite: Suite): Promise<void> {
  const state = await suite.desktop.storageState();
  for (const [suffix, options] of [['desktop', DESKTOP], ['mobile', PHONE]] as const) {
    const signedIn = await newContext(suite.browser, suite.gateway.url, { ...options, storageState: state });
    const page = await signedIn.newPage();
    for (const [name, path] of SIGNED_IN) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => !document.querySelector('[data-slot=skeleton]'), undefined, { timeout: 10_000 }).catch(() => undefined);
      await saveScreenshot(page, `${name}-${suffix}`);
    }
    await signedIn.close();
    const signedOut = await newContext(suite.browser, suite.gateway.url, options);
    const out = await signedOut.newPage();
    for (const [name, path] of SIGNED_OUT) {
      await out.goto(path);
      await out.waitForLoadState('networkidle');
      await saveScreenshot(out, `${name}-${suffix}`);
    }
    await signedOut.close();
  }
}
