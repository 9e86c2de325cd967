import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newContext } from '../support/chromium.js';
import { pageApi } from '../support/console-session.js';
import { SIGNED_IN, SIGNED_OUT } from './page-screenshots.js';
import type { Suite } from './suite.js';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

interface WatchedPage {
  page: Page;
  /** The CSP violations reported since the last call (events and console errors). */
  violations(): Promise<string[]>;
}

/** A page of `context` that records every CSP violation it reports, from the first script on. */
async function watchedPage(context: BrowserContext): Promise<WatchedPage> {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations!.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) logged.push(`console: ${message.text()}`);
  });
  return {
    page,
    violations: async () => [...logged.splice(0), ...(await page.evaluate(() => window.__cspViolations?.splice(0) ?? []))],
  };
}

/** Loads `path`, checks the policy came with it and that nothing violated it. */
async function visit({ page, violations }: WatchedPage, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.headers()['content-security-policy'], path).toMatch(/script-src 'self'( |;)/);
  await page.waitForLoadState('networkidle');
  if (path.startsWith('/chat/')) await page.locator('[data-chat-frame] iframe').waitFor();
  expect(await violations(), path).toEqual([]);
}

/**
 * The console's pages run under their Content-Security-Policy without a single violation — signed in and
 * out, first from the network and then from the service worker, and the chat page framing its chat link —
 * while an injected inline script is refused and reported.
 */
export async function contentSecurityPolicy(suite: Suite): Promise<void> {
  const signedIn = await newContext(suite.browser, suite.gateway.url, { storageState: await suite.desktop.storageState() });
  const signedOut = await newContext(suite.browser, suite.gateway.url);
  const options = await pageApi<{ data: { key: string; value: string }[] }>(suite.page, 'GET', '/api/option/');
  const chats = options.data.find((o) => o.key === 'Chats')!.value;
  const putChats = (value: string) => pageApi<{ success: boolean }>(suite.page, 'PUT', '/api/option/', { key: 'Chats', value });
  try {
    // a same-origin http link, so the framed chat stays on loopback
    expect(await putChats(JSON.stringify([{ Local: `${suite.gateway.url}/about?key={key}` }]))).toMatchObject({ success: true });
    const watched = await watchedPage(signedIn);
    // first from the network, then (the worker now controlling the page) from the service worker
    for (let round = 0; round < 2; round++) {
      for (const [, path] of [...SIGNED_IN, ['chat', '/chat/0']]) await visit(watched, path);
      await watched.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    }
    const out = await watchedPage(signedOut);
    for (const [, path] of SIGNED_OUT) await visit(out, path);

    // The policy is enforced (an injected inline script does not run), and the recorder sees it.
    await watched.page.evaluate(() => document.head.append(Object.assign(document.createElement('script'), { textContent: 'window.name = "inline ran"' })));
    expect(await watched.page.evaluate(() => window.name)).not.toBe('inline ran');
    expect(await watched.violations()).toContainEqual('script-src-elem inline');
  } finally {
    await putChats(chats);
    await signedIn.close();
    await signedOut.close();
  }
}
