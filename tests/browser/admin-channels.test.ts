import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockUpstreamProcess, type MockUpstreamProcess } from '../support/mock-upstream-process.js';
import { expectToast } from './scenarios/suite.js';
import { buildConsole } from './support/build-console.js';
import { DESKTOP, hasChromium, launchChromium, newContext, PHONE } from './support/chromium.js';
import { pageApi, ROOT, signIn } from './support/console-session.js';
import { hasGateway, startGateway, type RunningGateway } from './support/gateway.js';
import { saveScreenshot } from './support/screenshots.js';

interface ListedChannel {
  id: number;
  name: string;
  base_url: string | null;
  models: string;
  status: number;
  priority: number | null;
  tag: string | null;
  test_time: number;
}

const VIEWPORTS = [
  ['desktop', { ...DESKTOP, viewport: { width: 1366, height: 850 } }],
  ['mobile', PHONE],
] as const;

/** A table row on desktop, a card on phones. */
const rowOf = (page: Page, text: string): Locator => page.locator('tbody tr, [data-slot=data-cards] > li', { hasText: text });

const channels = (page: Page) => pageApi<{ data: ListedChannel[] }>(page, 'GET', '/api/channel/?p=0&page_size=100').then((r) => r.data);
const channelNamed = async (page: Page, name: string) => (await channels(page)).find((c) => c.name === name);

/**
 * Creates a channel in the drawer: the empty form shows the spec message, the models come from the mock
 * upstream's /v1/models, and the base URL is saved without its trailing slash.
 */
async function createWithFetchedModels(page: Page, upstream: string, name: string, shots: string): Promise<void> {
  await page.goto('/channel');
  await page.click('[data-add-channel]');
  await page.waitForURL(/\/channel\/add(\?|$)/);
  const drawer = page.locator('[data-channel-drawer]');
  await drawer.locator('[data-submit]').click();
  await drawer.locator('p[role=alert]', { hasText: '请填写渠道名称和渠道密钥！' }).first().waitFor();
  await drawer.locator('#channel-name').fill(name);
  await drawer.locator('#channel-key').fill('mock-ok');
  await drawer.locator('#channel-base-url').fill(`${upstream}/`);
  await drawer.locator('[data-fetch-models]').click();
  await expectToast(page, '获取模型列表成功');
  await drawer.locator('[data-channel-models]', { hasText: 'gpt-4o-mini' }).waitFor();
  await saveScreenshot(page, `admin-channels-drawer-${shots}`);
  await drawer.locator('[data-submit]').click();
  await expectToast(page, '渠道创建成功！');
  await page.waitForURL(/\/channel(\?|$)/);
  const saved = await channelNamed(page, name);
  expect(saved).toMatchObject({ base_url: upstream, status: 1 });
  expect(saved!.models.split(',')).toEqual(expect.arrayContaining(['gpt-4o-mini', 'gpt-4o']));
}

describe.skipIf(!hasChromium() || !hasGateway())('admin channel screens in Chromium against the gateway', () => {
  let gateway: RunningGateway;
  let upstream: MockUpstreamProcess;
  let browser: Browser;
  let build: string;
  const contexts: Record<string, BrowserContext> = {};
  const pages: Record<string, Page> = {};

  beforeAll(async () => {
    [build, upstream] = await Promise.all([buildConsole('admin-channels-build'), startMockUpstreamProcess()]);
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
      pages[name] = await contexts[name].newPage();
      await signIn(pages[name]);
    }
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    await upstream?.stop();
    if (gateway?.dataDir) rmSync(gateway.dataDir, { recursive: true, force: true });
    if (build) rmSync(dirname(build), { recursive: true, force: true });
  }, 60_000);

  it.each(VIEWPORTS.map(([name]) => name))('%s: an admin creates a channel with fetched models, tests it and edits its priority inline', async (name) => {
    const page = pages[name]!;
    const channel = `mock-${name}`;
    await createWithFetchedModels(page, upstream.url, channel, name);

    const row = rowOf(page, channel);
    await row.locator('[data-test-channel]').click();
    await expectToast(page, new RegExp(`渠道 ${channel} 测试成功`));
    await expect.poll(async () => (await channelNamed(page, channel))?.test_time).toBeGreaterThan(0);

    // the list's priority cell: -1000 is under the seeds' minimum and stays open, -5 is saved
    const priority = row.getByRole('button', { name: '优先级' });
    await priority.click();
    const input = row.getByRole('textbox', { name: '优先级' });
    await input.fill('-1000');
    await input.press('Enter');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await input.fill('-5');
    await input.press('Enter');
    await expectToast(page, '更新成功');
    await expect.poll(async () => (await channelNamed(page, channel))?.priority).toBe(-5);
    await row.getByRole('button', { name: '优先级' }).filter({ hasText: '-5' }).waitFor();
    await page.goto('/channel');
    await rowOf(page, channel).waitFor();
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, `admin-channels-list-${name}`);
  }, 120_000);

  it('desktop: the model-pick modal tests the channel with the chosen model', async () => {
    const page = pages.desktop!;
    await upstream.reset();
    await page.goto('/channel');
    const row = rowOf(page, 'mock-desktop');
    await row.locator('[data-channel-menu]').click();
    await page.locator('[data-pick-test-model]').click();
    const dialog = page.locator('[data-test-model-dialog]');
    await dialog.getByRole('searchbox').fill('gpt-4o');
    await saveScreenshot(page, 'admin-channels-test-model-desktop');
    await dialog.locator('[data-test-model="gpt-4o"]').click();
    await expectToast(page, /渠道 mock-desktop 测试成功/);
    const sent = (await upstream.requests()).filter((r) => r.path === '/v1/chat/completions');
    expect(sent.map((r) => (r.body as { model?: string }).model)).toEqual(['gpt-4o']);
  }, 60_000);

  it.each(VIEWPORTS.map(([name]) => name))('%s: an admin tags two channels in batch mode and disables the tag', async (name) => {
    const page = pages[name]!;
    const second = `second-${name}`;
    const created = await pageApi<{ success: boolean }>(page, 'POST', '/api/channel/', {
      mode: 'single',
      channel: { type: 1, name: second, key: 'mock-ok', base_url: upstream.url, models: 'gpt-4o-mini', group: 'default' },
    });
    expect(created.success).toBe(true);
    const tag = `team-${name}`;
    await page.goto(`/channel?keyword=-${name}`);
    await page.locator('#channel-batch-mode').click();
    for (const channel of [`mock-${name}`, second]) await rowOf(page, channel).getByRole('checkbox').click();
    await page.locator('[data-batch-tag]').click();
    const dialog = page.locator('[data-batch-tag-dialog]');
    await dialog.locator('[data-batch-tag-submit]').click();
    await expectToast(page, '标签不能为空！');
    await dialog.getByRole('textbox').fill(tag);
    await dialog.locator('[data-batch-tag-submit]').click();
    await expectToast(page, '已为 2 个渠道设置标签');
    await expect.poll(async () => (await channels(page)).filter((c) => c.tag === tag).length).toBe(2);

    await page.locator('#channel-tag-mode').click();
    const tagRow = rowOf(page, tag);
    await tagRow.locator('[data-tag-status]', { hasText: '2/2' }).waitFor();
    await saveScreenshot(page, `admin-channels-tags-${name}`);
    await tagRow.locator('[data-tag-disable]').click();
    await page.locator('[data-confirm-dialog] [data-confirm]').click();
    await expectToast(page, '操作成功完成！');
    await expect.poll(async () => (await channels(page)).filter((c) => c.tag === tag).map((c) => c.status)).toEqual([2, 2]);
    await tagRow.locator('[data-tag-status]', { hasText: '0/2' }).waitFor();
  }, 120_000);
});
