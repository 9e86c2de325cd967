import { readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast } from './scenarios/suite.js';
import { buildConsole } from './support/build-console.js';
import { DESKTOP, hasChromium, launchChromium, newContext, PHONE } from './support/chromium.js';
import { pageApi, readClipboard, ROOT, signIn } from './support/console-session.js';
import { hasGateway, startGateway, type RunningGateway, embeddedBrowserPass } from './support/gateway.js';
import { saveScreenshot } from './support/screenshots.js';

interface Code {
  id: number;
  key: string;
  status: number;
  used_user_id: number;
}
interface ListedUser {
  id: number;
  username: string;
  role: number;
  status: number;
  quota: number;
}

const VIEWPORTS = [
  ['desktop', { ...DESKTOP, viewport: { width: 1366, height: 850 } }],
  ['mobile', PHONE],
] as const;

/** A fresh load (no toasts left over) for the list screenshots; the page comes with its CSP. */
async function shootList(page: Page, path: string, name: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'( |;)/);
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, name);
}

/** A table row on desktop, a card on phones. */
const rowOf = (page: Page, text: string): Locator => page.locator('tbody tr, [data-slot=data-cards] > li', { hasText: text });

async function rowMenu(page: Page, row: Locator, item: string): Promise<void> {
  await row.locator('[data-user-menu], [data-redemption-menu]').click();
  await page.getByRole('menuitem', { name: item }).click();
}

const users = (page: Page) => pageApi<{ data: { items: ListedUser[] } }>(page, 'GET', '/api/user/?p=1&page_size=100').then((r) => r.data.items);
const codes = (page: Page) => pageApi<{ data: { items: Code[]; total: number } }>(page, 'GET', '/api/redemption/?p=1&page_size=100').then((r) => r.data);

/** Every visible control an operator taps on a phone is at least 44 px high (toasts are the shell's, not the page's). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button:not([data-compact]), input:not([type=checkbox]), [role=combobox]')]
      .filter((el) => el.offsetParent !== null && !el.closest('[data-sonner-toaster]') && el.getBoundingClientRect().height < 44)
      .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName),
  );
}

/** Adds a user in the drawer (the empty form first shows the spec message), promotes and disables them. */
async function createPromoteDisable(page: Page, name: string, viewport: string): Promise<void> {
  await page.goto('/user');
  await rowOf(page, ROOT.username).waitFor();
  await page.click('[data-add-user]');
  const drawer = page.locator('[data-add-user-drawer]');
  await drawer.locator('[data-submit]').click();
  await drawer.locator('p[role=alert]', { hasText: '用户名和密码不能为空！' }).first().waitFor();
  // full width on phones, 540 px beside the list on larger screens
  expect((await drawer.boundingBox())?.width).toBe(viewport === 'mobile' ? page.viewportSize()!.width : 540);
  await drawer.locator('#add-user-username').fill(name);
  await drawer.locator('#add-user-password').fill(`${name}-pass-1`);
  await saveScreenshot(page, `admin-user-add-${viewport}`);
  await drawer.locator('[data-submit]').click();
  await expectToast(page, '用户账户创建成功！');
  const row = rowOf(page, name);
  await row.waitFor();

  await rowMenu(page, row, '提升');
  await page.locator('[data-confirm-dialog] [data-confirm]').click();
  await row.locator('[data-slot=badge]', { hasText: /^管理员$/ }).waitFor();
  await rowMenu(page, row, '禁用');
  await row.locator('[data-user-status]', { hasText: '已封禁' }).waitFor();
  expect((await users(page)).find((u) => u.username === name)).toMatchObject({ role: 10, status: 2 });
}

/** Creates a batch with a double click on submit, reads the keys once, copies and downloads them. */
async function createBatch(page: Page, name: string, shots: string): Promise<string[]> {
  await page.goto('/redemption');
  await page.locator('[data-create-redemption]').click();
  const drawer = page.locator('[data-redemption-drawer]');
  await drawer.locator('#redemption-name').fill(name);
  await drawer.getByRole('button', { name: '$1', exact: true }).click();
  await drawer.locator('#redemption-count').fill('3');
  await saveScreenshot(page, `admin-redemption-drawer-${shots}`);
  const before = (await codes(page)).total;
  await drawer.locator('[data-submit]').dblclick();
  const dialog = page.locator('[data-created-keys]');
  await dialog.waitFor();
  const keys = await dialog.locator('[data-created-key-list] li').allTextContents();
  expect(keys).toHaveLength(3);
  expect((await codes(page)).total).toBe(before + 3);
  await saveScreenshot(page, `admin-redemption-created-${shots}`);

  await dialog.locator('[data-copy-created]').click();
  expect(await readClipboard(page)).toBe(keys.join('\n'));
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.locator('[data-download-keys]').click()]);
  expect(download.suggestedFilename()).toBe(`${name}.txt`);
  expect(readFileSync(await download.path(), 'utf8')).toBe(`${keys.join('\n')}\n`);
  await page.keyboard.press('Escape');
  await rowOf(page, name).first().waitFor();
  return keys;
}

describe.skipIf(!hasChromium() || !hasGateway() || !embeddedBrowserPass())('admin console in Chromium against the gateway', () => {
  let gateway: RunningGateway;
  let browser: Browser;
  let build: string;
  const contexts: Record<string, BrowserContext> = {};
  const pages: Record<string, Page> = {};
  const batches: Record<string, string[]> = {};
  /** Content-Security-Policy violations of every admin page visited, across navigations. */
  const cspViolations: string[] = [];

  beforeAll(async () => {
    build = await buildConsole('admin-build');
    gateway = await startGateway({ pwaDist: build });
    const setup = await fetch(`${gateway.url}/api/setup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: ROOT.username, password: ROOT.password, confirmPassword: ROOT.password, SelfUseModeEnabled: false, DemoSiteEnabled: false }),
    });
    expect(((await setup.json()) as { success: boolean }).success).toBe(true);
    browser = await launchChromium();
    for (const [name, options] of VIEWPORTS) {
      contexts[name] = await newContext(browser, gateway.url, options);
      await contexts[name].grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gateway.url });
      await contexts[name].exposeFunction('reportCspViolation', (text: string) => cspViolations.push(text));
      await contexts[name].addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${location.pathname} ${e.effectiveDirective} ${e.blockedURI}`),
        ),
      );
      pages[name] = await contexts[name].newPage();
      pages[name].on('console', (message) => /Content Security Policy/i.test(message.text()) && cspViolations.push(message.text()));
      await signIn(pages[name]);
    }
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    if (gateway?.dataDir) rmSync(gateway.dataDir, { recursive: true, force: true });
    if (build) rmSync(dirname(build), { recursive: true, force: true });
  }, 60_000);

  it.each(VIEWPORTS.map(([name]) => name))('%s: an admin creates a user, promotes and disables them', async (name) => {
    await createPromoteDisable(pages[name]!, `staff-${name.slice(0, 3)}`, name);
    await shootList(pages[name]!, '/user', `admin-user-${name}`);
  }, 90_000);

  it.each(VIEWPORTS.map(([name]) => name))('%s: an admin creates codes, copies and downloads them; no full key stays on the device', async (name) => {
    const page = pages[name]!;
    const keys = await createBatch(page, `batch-${name.slice(0, 3)}`, name);
    batches[name] = keys;
    const shown = await page.locator('[data-redemption-key]').allTextContents();
    for (const key of keys) expect(shown.join(' ')).not.toContain(key);
    await page.waitForTimeout(1200); // the offline cache is written throttled
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    for (const key of keys) expect(stored).not.toContain(key);
    if (name === 'mobile') {
      expect(await page.locator('table').count()).toBe(0);
      expect(await smallTargets(page)).toEqual([]);
    }
    await shootList(page, '/redemption', `admin-redemption-${name}`);
  }, 90_000);

  it('a user redeems a code; the admin sees it used and can no longer edit or enable it', async () => {
    const admin = pages.desktop!;
    await admin.goto('/user');
    await admin.click('[data-add-user]');
    await admin.locator('#add-user-username').fill('redeemer');
    await admin.locator('#add-user-password').fill('redeemer-pass-1');
    await admin.locator('[data-add-user-drawer] [data-submit]').click();
    await expectToast(admin, '用户账户创建成功！');

    const context = await newContext(browser, gateway.url, PHONE);
    const phone = await context.newPage();
    await signIn(phone, 'redeemer', 'redeemer-pass-1');
    await phone.goto('/topup');
    const key = batches.desktop![0]!;
    await phone.getByLabel('请输入兑换码').fill(key);
    await phone.getByRole('button', { name: '兑换', exact: true }).click();
    await expectToast(phone, '兑换成功！');
    await context.close();

    const redeemer = (await users(admin)).find((u) => u.username === 'redeemer')!;
    expect(redeemer.quota).toBe(500000);
    const used = (await codes(admin)).items.find((c) => c.key === key)!;
    expect(used).toMatchObject({ status: 3, used_user_id: redeemer.id });
    await admin.goto('/redemption');
    const row = rowOf(admin, '已使用');
    await row.locator('td', { hasText: new RegExp(`^${redeemer.id}$`) }).waitFor();
    expect(await row.locator('[data-edit-redemption]').isDisabled()).toBe(true);
    await row.locator('[data-redemption-menu]').click();
    expect(await admin.getByRole('menuitem', { name: '启用' }).getAttribute('aria-disabled')).toBe('true');
    await admin.keyboard.press('Escape');

    await rowMenu(admin, rowOf(admin, '未使用').first(), '禁用');
    await expectToast(admin, '操作成功完成！');
    await expect.poll(async () => (await codes(admin)).items.filter((c) => c.status === 2).length).toBe(1);
    await shootList(admin, '/redemption', 'admin-redemption-statuses-desktop');
  }, 90_000);

  it.each(VIEWPORTS.map(([name]) => name))('%s: the edit drawer adds a negative amount with the old + addition preview', async (name) => {
    const page = pages[name]!;
    await page.goto('/user?keyword=redeemer');
    await rowOf(page, 'redeemer').locator('[data-edit-user]').click();
    const drawer = page.locator('[data-edit-user-drawer]');
    await expect.poll(() => drawer.locator('#edit-user-quota').inputValue()).not.toBe('0');
    const before = Number(await drawer.locator('#edit-user-quota').inputValue());
    await drawer.locator('[data-open-add-quota]').click();
    const dialog = page.locator('[data-add-quota-dialog]');
    await dialog.locator('#add-quota-amount').fill('-100000');
    await dialog.locator('[data-quota-preview]', { hasText: '= ' }).waitFor();
    await saveScreenshot(page, `admin-user-add-quota-${name}`);
    await dialog.locator('[data-submit]').click();
    expect(Number(await drawer.locator('#edit-user-quota').inputValue())).toBe(before - 100000);
    await saveScreenshot(page, `admin-user-edit-${name}`);
    await drawer.locator('[data-submit]').click();
    await expectToast(page, '用户信息更新成功！');
    expect((await users(page)).find((u) => u.username === 'redeemer')?.quota).toBe(before - 100000);
    if (name === 'mobile') expect(await smallTargets(page)).toEqual([]);
  }, 90_000);

  it('mobile: stacked toasts leave the drawer header free and their close buttons are whole touch targets', async () => {
    const page = pages.mobile!;
    await page.goto('/user');
    await rowOf(page, ROOT.username).waitFor();
    await page.click('[data-add-user]');
    const drawer = page.locator('[data-add-user-drawer]');
    await drawer.locator('#add-user-username').fill(ROOT.username);
    await drawer.locator('#add-user-password').fill('taken-name-pass-1');
    for (let i = 0; i < 3; i++) {
      await drawer.locator('[data-submit]').click(); // the toasts stay clear of the footer, so this never waits for them
      await expect.poll(() => page.locator('[data-sonner-toast]').count()).toBeGreaterThan(i);
    }
    await page.waitForTimeout(500); // the stack's enter animation
    const header = (await drawer.locator('h2').locator('xpath=..').boundingBox())!;
    const closeDrawer = (await page.getByRole('dialog').getByRole('button', { name: '关闭', exact: true }).boundingBox())!;
    const submit = (await drawer.locator('[data-submit]').boundingBox())!;
    const { width, height } = page.viewportSize()!;
    for (const toast of await page.locator('[data-sonner-toast]').all()) {
      const box = (await toast.boundingBox())!;
      // nothing of the stack reaches the header (title, description, close button) or the footer's submit button
      expect(box.y).toBeGreaterThan(Math.max(header.y + header.height, closeDrawer.y + closeDrawer.height));
      expect(box.y + box.height).toBeLessThan(submit.y);
      const close = (await toast.locator('[data-close-button]').boundingBox())!;
      expect([close.x >= box.x, close.x + close.width <= box.x + box.width, close.y >= box.y - 1, close.y + close.height <= box.y + box.height + 1]).toEqual([true, true, true, true]);
      expect([close.x >= 0, close.x + close.width <= width, close.y + close.height <= height]).toEqual([true, true, true]);
    }
    // the front toast's button is a full 44 px square (those behind it are scaled down in the collapsed stack)
    const frontClose = (await page.locator('[data-sonner-toast][data-front=true] [data-close-button]').boundingBox())!;
    expect([Math.round(frontClose.width), Math.round(frontClose.height)]).toEqual([44, 44]);
    await saveScreenshot(page, 'admin-user-toast-mobile');
    const front = page.locator('[data-sonner-toast][data-front=true]');
    // the close button takes the tap even over a modal drawer, and dismissing a toast leaves the drawer open
    const before = await page.locator('[data-sonner-toast]').count();
    await front.locator('[data-close-button]').click();
    await expect.poll(() => page.locator('[data-sonner-toast]').count()).toBeLessThan(before);
    expect(await drawer.isVisible()).toBe(true);
    expect(await drawer.locator('#add-user-username').inputValue()).toBe(ROOT.username);
    await page.keyboard.press('Escape');
  }, 60_000);

  it.each(VIEWPORTS.map(([name]) => name))('%s: offline, the users page shows the last loaded list read-only and no secret is on the device', async (name) => {
    const page = pages[name]!;
    const context = contexts[name]!;
    // root's access token exists on the server; it must never reach the device's storage
    const token = await pageApi<{ data: string }>(page, 'GET', '/api/user/token').then((r) => r.data);
    expect(token.length).toBeGreaterThan(8);
    await page.goto('/user');
    await rowOf(page, 'redeemer').waitFor();
    await page.waitForTimeout(1200); // the offline cache is written throttled
    await context.setOffline(true);
    try {
      await page.reload();
      await page.locator('[data-offline-banner]').waitFor({ timeout: 15_000 });
      const row = rowOf(page, 'redeemer');
      await row.waitFor();
      await rowOf(page, `staff-${name.slice(0, 3)}`).waitFor();
      expect(await row.locator('[data-edit-user]').isDisabled()).toBe(true);
      expect(await row.locator('[data-user-menu]').isDisabled()).toBe(true);
      expect(await page.locator('[data-add-user]').isDisabled()).toBe(true);
      await saveScreenshot(page, `admin-user-offline-${name}`);
    } finally {
      await context.setOffline(false);
    }
    const stored = await page.evaluate(async () => {
      const cached = await Promise.all((await caches.keys()).map(async (n) => Promise.all((await (await caches.open(n)).keys()).filter((r) => r.url.includes('/api/')).map((r) => r.url))));
      return JSON.stringify({ ...localStorage }) + JSON.stringify(cached);
    });
    expect(stored).toContain('redeemer');
    for (const secret of [token, 'redeemer-pass-1', `staff-${name.slice(0, 3)}-pass-1`, ROOT.password]) expect(stored).not.toContain(secret);
    expect(stored).not.toMatch(/"access_token"|"password"/);
  }, 90_000);

  it('no admin page or dialog broke the Content-Security-Policy', async () => {
    expect(cspViolations).toEqual([]);
    // the recorder itself works: an injected inline script is refused and reported
    await pages.desktop!.evaluate(() => document.head.append(Object.assign(document.createElement('script'), { textContent: 'window.name = "inline ran"' })));
    await expect.poll(() => cspViolations.some((v) => v.includes('script-src-elem inline'))).toBe(true);
  });
});
