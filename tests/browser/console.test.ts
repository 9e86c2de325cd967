import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildConsole } from './support/build-console.js';
import { hasChromium, launchChromium, newContext } from './support/chromium.js';
import { hasGateway, startGateway, embeddedBrowserPass } from './support/gateway.js';
import { startMockUpstream } from './support/mock-upstream.js';
import { contentSecurityPolicy } from './scenarios/content-security-policy.js';
import { manifestAndServiceWorker } from './scenarios/install-and-worker.js';
import { languageAndTheme } from './scenarios/language-theme.js';
import { mobileLayout } from './scenarios/mobile-layout.js';
import { noticeOncePerDay } from './scenarios/notice.js';
import { offlineReload } from './scenarios/offline.js';
import { pageScreenshots } from './scenarios/page-screenshots.js';
import { pricingSearch } from './scenarios/pricing-search.js';
import { registerWithValidation } from './scenarios/register.js';
import { sessionExpiry } from './scenarios/session-expiry.js';
import { setupWizard } from './scenarios/setup-wizard.js';
import type { Suite } from './scenarios/suite.js';
import { createAndCopyToken } from './scenarios/tokens.js';
import { updatePrompt } from './scenarios/update-prompt.js';
import { usageLogAfterRelay } from './scenarios/usage-log.js';

/**
 * The console in Debian's Chromium against the real gateway (embedded PGlite), in order:
 * each scenario builds on the state the previous one left.
 */
describe.skipIf(!hasChromium() || !hasGateway() || !embeddedBrowserPass())('console in Chromium against the gateway', () => {
  const suite = { tokenName: 'browser-token', tokenKey: '', cleanup: [] as string[] } as Suite;

  beforeAll(async () => {
    suite.firstBuild = await buildConsole('browser-build-1');
    suite.cleanup.push(dirname(suite.firstBuild));
    suite.upstream = await startMockUpstream();
    suite.gateway = await startGateway({ pwaDist: suite.firstBuild });
    suite.browser = await launchChromium();
    suite.desktop = await newContext(suite.browser, suite.gateway.url);
    await suite.desktop.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.gateway.url });
    suite.page = await suite.desktop.newPage();
  }, 300_000);

  afterAll(async () => {
    await suite.browser?.close();
    await suite.gateway?.stop();
    await suite.upstream?.close();
    if (suite.gateway?.dataDir) rmSync(suite.gateway.dataDir, { recursive: true, force: true });
    for (const dir of suite.cleanup) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('setup wizard: every path goes to /setup, then / after initialisation', () => setupWizard(suite), 90_000);
  it('register shows validation errors, then succeeds', () => registerWithValidation(suite), 60_000);
  it('login → create token → copy key → see it in the list', () => createAndCopyToken(suite), 60_000);
  it('usage log shows a relay call', () => usageLogAfterRelay(suite), 90_000);
  it('pricing fuzzy search', () => pricingSearch(suite), 60_000);
  it('switching language and theme', () => languageAndTheme(suite), 60_000);
  it('a lost session (401) goes to /login?expired=true', () => sessionExpiry(suite), 60_000);
  it('the notice shows once per day without running scripts', () => noticeOncePerDay(suite), 60_000);
  it('390×844 uses the mobile layout', () => mobileLayout(suite), 60_000);
  it('screenshots of each main page, desktop and mobile', () => pageScreenshots(suite), 240_000);
  it('manifest is valid and the service worker controls the page', () => manifestAndServiceWorker(suite), 60_000);
  it('every main page runs under the CSP without a violation', () => contentSecurityPolicy(suite), 240_000);
  it('offline reload renders the shell and cached token list with the banner, no key in caches', () => offlineReload(suite), 60_000);
  it('a new build triggers the update prompt', () => updatePrompt(suite), 300_000);
});
