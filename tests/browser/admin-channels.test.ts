import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockUpstreamProcess, type MockUpstreamProcess } from '../support/mock-upstream-process.js';
import { expectToast } from './scenarios/suite.js';
import { buildConsole } from './support/build-console.js';
import { DESKTOP, hasChromium, launchChromium, newContext, PHONE } from './support/chromium.js';
import { pageApi, ROOT, signIn } from './support/console-session.js';
import { hasGateway, startGateway, type RunningGateway, embeddedBrowserPass } from './support/gateway.js';
import { saveScreenshot } from './support/screenshots.js';

interface ListedChannel {
  id: number;
  name: string;
  base_url: string | null;
  models: string;
  status: number;
  priority: number | null;
  weight: number;
  tag: string | null;
  test_time: number;
  balance: number;
  used_quota: number;
}

interface KeyStatusPage {
  total: number;
  enabled_count: number;
  manual_disabled_count: number;
  auto_disabled_count: number;
}

/** What credit_grants answers for the balance test (type 13 asks the channel's own base URL). */
const BALANCE = 12.5;

/** A local stand-in for a provider's billing API: GET /dashboard/billing/credit_grants. */
function startBillingServer(): Promise<Server> {
  const server = createServer((req, res) => {
    const known = req.url === '/dashboard/billing/credit_grants';
    res.writeHead(known ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(known ? { total_available: BALANCE } : { error: 'not found' }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const VIEWPORTS = [
  ['desktop', { ...DESKTOP, viewport: { width: 1366, height: 850 } }],
  ['mobile', PHONE],
] as const;

/** A table row on desktop, a card on phones. */
const rowOf = (page: Page, text: string): Locator => page.locator('tbody tr, [data-slot=data-cards] > li', { hasText: text });

const channels = (page: Page) => pageApi<{ data: ListedChannel[] }>(page, 'GET', '/api/channel/?p=0&page_size=100').then((r) => r.data);
const channelNamed = async (page: Page, name: string) => (await channels(page)).find((c) => c.name === name);
const keyStatus = (page: Page, id: number) =>
  pageApi<{ data: KeyStatusPage }>(page, 'POST', '/api/channel/multi_key/manage', { channel_id: id, action: 'get_key_status' }).then((r) => r.data);

/** Opens a channel's edit drawer from its row (the list filtered to its name). */
async function openEditDrawer(page: Page, name: string): Promise<Locator> {
  await page.goto(`/channel?keyword=${encodeURIComponent(name)}`);
  await rowOf(page, name).locator('[data-edit-channel]').click();
  await page.waitForURL(/\/channel\/edit\/\d+/);
  const drawer = page.locator('[data-channel-drawer]');
  await expect.poll(() => drawer.locator('#channel-name').inputValue()).toBe(name);
  return drawer;
}

/**
 * Starts a test-all run (it runs in the background, one at a time) and waits until it has auto-disabled
 * one more key of the multi-key channel: every key of that channel fails with 401/403.
 */
async function autoDisableOneKey(page: Page, id: number, before: number): Promise<void> {
  await expect.poll(async () => (await pageApi<{ success: boolean }>(page, 'GET', '/api/channel/test')).success, { timeout: 30_000 }).toBe(true);
  await expect.poll(async () => (await keyStatus(page, id)).auto_disabled_count, { timeout: 30_000 }).toBe(before + 1);
}

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

describe.skipIf(!hasChromium() || !hasGateway() || !embeddedBrowserPass())('admin channel screens in Chromium against the gateway', () => {
  let gateway: RunningGateway;
  let upstream: MockUpstreamProcess;
  let browser: Browser;
  let build: string;
  let billing: Server;
  const contexts: Record<string, BrowserContext> = {};
  const pages: Record<string, Page> = {};

  beforeAll(async () => {
    [build, upstream, billing] = await Promise.all([buildConsole('admin-channels-build'), startMockUpstreamProcess(), startBillingServer()]);
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
    await new Promise((resolve) => (billing ? billing.close(resolve) : resolve(undefined)));
    if (gateway?.dataDir) rmSync(gateway.dataDir, { recursive: true, force: true });
    if (build) rmSync(dirname(build), { recursive: true, force: true });
  }, 60_000);

  // First, while this is the only channel: a test-all run then tests nothing else.
  it.each(VIEWPORTS.map(([name]) => name))('%s: the edit drawer lists the keys of a multi-key channel; enable one, delete the auto-disabled, enable all', async (name) => {
    const page = pages[name]!;
    const channel = `keys-${name}`;
    const option = (value: string) => pageApi<{ success: boolean }>(page, 'PUT', '/api/option/', { key: 'AutomaticDisableChannelEnabled', value });
    expect((await option('true')).success).toBe(true);
    const created = await pageApi<{ success: boolean; message: string }>(page, 'POST', '/api/channel/', {
      mode: 'multi_to_single',
      multi_key_mode: 'polling',
      channel: { type: 1, name: channel, key: 'mock-status-401\nmock-status-403', base_url: upstream.url, models: 'gpt-4o-mini', group: 'default', auto_ban: 1 },
    });
    expect(created.success, created.message).toBe(true);
    const id = (await channelNamed(page, channel))!.id;
    await autoDisableOneKey(page, id, 0);

    const drawer = await openEditDrawer(page, channel);
    const keys = drawer.locator('[data-channel-section=multi-key]');
    await keys.locator('[data-key-counts]', { hasText: '已启用 1 个，手动禁用 0 个，自动禁用 1 个' }).waitFor();
    const auto = keys.locator('[data-key-status="3"]');
    expect(await auto.locator('[data-key-reason]').textContent()).toMatch(/^原因：.*40[13].* · 时间：\d{4}-/);
    expect(await keys.locator('[data-key-index]').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('mock-statu...')]));
    await keys.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `admin-channels-keys-${name}`);

    await auto.locator('[data-key-toggle]').click();
    await expectToast(page, '密钥已启用');
    await expect.poll(async () => (await keyStatus(page, id)).enabled_count).toBe(2);
    await keys.locator('[data-key-counts]', { hasText: '已启用 2 个' }).waitFor();

    await autoDisableOneKey(page, id, 0);
    await page.reload();
    await keys.locator('[data-key-counts]', { hasText: '自动禁用 1 个' }).waitFor();
    await keys.locator('[data-keys-delete-disabled]').click();
    await page.locator('[data-confirm-dialog] [data-confirm]').click();
    await expectToast(page, '已删除 1 个自动禁用的密钥');
    await expect.poll(async () => (await keyStatus(page, id)).total).toBe(1);
    await keys.locator('[data-key-index]').first().waitFor();
    expect(await keys.locator('[data-key-index]').count()).toBe(1);

    await keys.locator('[data-key-status="1"] [data-key-toggle]').click();
    await expectToast(page, '密钥已禁用');
    await keys.locator('[data-keys-enable-all]').click();
    await expectToast(page, '已启用 1 个密钥');
    expect(await keyStatus(page, id)).toMatchObject({ total: 1, enabled_count: 1, manual_disabled_count: 0, auto_disabled_count: 0 });

    expect((await pageApi<{ success: boolean }>(page, 'DELETE', `/api/channel/${id}`)).success).toBe(true);
    expect((await option('false')).success).toBe(true);
  }, 150_000);

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

  it.each(VIEWPORTS.map(([name]) => name))('%s: the model-pick modal tests the channel with the chosen model', async (name) => {
    const page = pages[name]!;
    const channel = `mock-${name}`;
    await upstream.reset();
    await page.goto('/channel');
    const row = rowOf(page, channel);
    // used quota and balance side by side in one format ("$0.00" and "$0.00", not "$0.00" and "$0")
    const money = await Promise.all([row.locator('[data-slot=badge]', { hasText: '$' }).first().textContent(), row.locator('[data-refresh-balance]').textContent()]);
    for (const text of money) expect(text).toMatch(/^\$\d+\.\d{2}$/);
    await row.locator('[data-channel-menu]').click();
    await page.locator('[data-pick-test-model]').click();
    const dialog = page.locator('[data-test-model-dialog]');
    await dialog.getByRole('searchbox').fill('gpt-4o');
    await dialog.locator('[data-test-model="gpt-4o"]').waitFor();
    if (name === 'mobile') {
      // on a phone the modal stays inside the screen and its model buttons are touch-sized
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
      expect((await dialog.locator('[data-test-model="gpt-4o"]').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await saveScreenshot(page, `admin-channels-test-model-${name}`);
    await dialog.locator('[data-test-model="gpt-4o"]').click();
    await expectToast(page, new RegExp(`渠道 ${channel} 测试成功`));
    const sent = (await upstream.requests()).filter((r) => r.path === '/v1/chat/completions');
    expect(sent.map((r) => (r.body as { model?: string }).model)).toEqual(['gpt-4o']);
  }, 60_000);

  it.each(VIEWPORTS.map(([name]) => name))('%s: an admin edits a channel in the drawer, copies it and refreshes a balance', async (name) => {
    const page = pages[name]!;
    const channel = `mock-${name}`;
    const id = (await channelNamed(page, channel))!.id;
    const drawer = await openEditDrawer(page, channel);
    await drawer.locator('#channel-weight').fill('6');
    await drawer.locator('#channel-test-model').fill('gpt-4o');
    await drawer.locator('#channel-model-mapping').fill('{"gpt-4o-mini": "gpt-4o"');
    await drawer.locator('[data-submit]').click();
    await drawer.locator('p[role=alert]', { hasText: '模型映射必须是合法的 JSON 格式！' }).first().waitFor();
    await drawer.locator('#channel-model-mapping').fill('{"gpt-4o-mini": "gpt-4o"}');
    await drawer.locator('#channel-status_code_mapping').fill('{"429": "503"}');
    await drawer.locator('[data-submit]').click();
    await expectToast(page, '更新成功');
    await page.waitForURL(/\/channel(\?|$)/);
    const saved = (await pageApi<{ data: ListedChannel & Record<string, unknown> }>(page, 'GET', `/api/channel/${id}`)).data;
    expect(saved).toMatchObject({ name: channel, weight: 6, test_model: 'gpt-4o', base_url: upstream.url, priority: -5 });
    expect(JSON.parse(String(saved.model_mapping))).toEqual({ 'gpt-4o-mini': 'gpt-4o' });
    expect(JSON.parse(String(saved.status_code_mapping))).toEqual({ '429': '503' });
    expect(String(saved.models).split(',')).toEqual(expect.arrayContaining(['gpt-4o-mini', 'gpt-4o']));

    // copy: a new channel named with the suffix, balance and used quota reset
    await rowOf(page, channel).first().locator('[data-channel-menu]').click();
    await page.locator('[data-copy-channel]').click();
    await expectToast(page, '渠道复制成功');
    const copy = await channelNamed(page, `${channel}_复制`);
    expect(copy).toMatchObject({ weight: 6, base_url: upstream.url, balance: 0, used_quota: 0 });
    expect(copy!.id).not.toBe(id);
    expect((await pageApi<{ success: boolean }>(page, 'DELETE', `/api/channel/${copy!.id}`)).success).toBe(true);

    // balance: type 13 asks the channel's own base URL for its credit grants
    const billingUrl = `http://127.0.0.1:${(billing.address() as AddressInfo).port}`;
    const balanceName = `balance-${name}`;
    const created = await pageApi<{ success: boolean; message: string }>(page, 'POST', '/api/channel/', {
      mode: 'single',
      channel: { type: 13, name: balanceName, key: 'sk-balance', base_url: billingUrl, models: 'gpt-4o-mini', group: 'default' },
    });
    expect(created.success, created.message).toBe(true);
    await page.goto(`/channel?keyword=${balanceName}`);
    const refresh = rowOf(page, balanceName).locator('[data-refresh-balance]');
    expect(await refresh.textContent()).toContain('$0');
    await refresh.click();
    await expectToast(page, '余额更新成功：$12.5');
    await expect.poll(async () => (await channelNamed(page, balanceName))?.balance).toBe(BALANCE);
    await refresh.filter({ hasText: '$12.5' }).waitFor();
    await saveScreenshot(page, `admin-channels-balance-${name}`);
  }, 120_000);

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

  it.each(VIEWPORTS.map(([name]) => name))('%s: the tag edit drawer renames the tag and sets priority and weight on every member; inline tag weight; enable-all', async (name) => {
    const page = pages[name]!;
    const tag = `team-${name}`;
    const renamed = `crew-${name}`;
    await page.goto(`/channel?keyword=-${name}`);
    const tagMode = page.locator('#channel-tag-mode');
    if ((await tagMode.getAttribute('aria-checked')) !== 'true') await tagMode.click();
    await rowOf(page, tag).locator('[data-tag-edit]').click();
    const drawer = page.locator('[data-tag-drawer]');
    await drawer.locator('[data-submit]').click();
    await drawer.getByText('没有任何修改！').first().waitFor();
    await drawer.locator('#tag-weight').fill('-1');
    await drawer.locator('[data-submit]').click();
    await drawer.getByText('权重必须是非负整数').first().waitFor();
    await drawer.locator('#tag-new_tag').fill(renamed);
    await drawer.locator('#tag-priority').fill('7');
    await drawer.locator('#tag-weight').fill('3');
    await saveScreenshot(page, `admin-channels-tag-drawer-${name}`);
    await drawer.locator('[data-submit]').click();
    await expectToast(page, '更新成功');
    await expect
      .poll(async () => (await channels(page)).filter((c) => c.tag === renamed).map((c) => [c.priority, c.weight]))
      .toEqual([
        [7, 3],
        [7, 3],
      ]);
    expect((await channels(page)).filter((c) => c.tag === tag)).toEqual([]);
    const members = async () => (await channels(page)).filter((c) => c.tag === renamed);

    // the tag row's weight edited in place (a negative weight stays open), then enable-all
    const tagRow = rowOf(page, renamed);
    await tagRow.getByRole('button', { name: '权重' }).click();
    const weight = tagRow.getByRole('textbox', { name: '权重' });
    await weight.fill('-2');
    await weight.press('Enter');
    expect(await weight.getAttribute('aria-invalid')).toBe('true');
    await weight.fill('9');
    await weight.press('Enter');
    await expect.poll(async () => (await members()).map((c) => c.weight)).toEqual([9, 9]);
    await tagRow.locator('[data-tag-enable]').click();
    await page.locator('[data-confirm-dialog] [data-confirm]').click();
    await expect.poll(async () => (await members()).map((c) => c.status)).toEqual([1, 1]);
    await tagRow.locator('[data-tag-status]', { hasText: '2/2' }).waitFor();
  }, 90_000);

  it.each(VIEWPORTS.map(([name]) => name))('%s: id sort and hidden columns are remembered; a channel is disabled, enabled and deleted from its menu, the rest in batch mode', async (name) => {
    const page = pages[name]!;
    const prefix = `gone-${name}`;
    for (const [n, priority] of [[1, 0], [2, 5], [3, 1]] as const) {
      const created = await pageApi<{ success: boolean; message: string }>(page, 'POST', '/api/channel/', {
        mode: 'single',
        channel: { type: 1, name: `${prefix}-${n}`, key: 'mock-ok', base_url: upstream.url, models: 'gpt-4o-mini', group: 'default', priority },
      });
      expect(created.success, created.message).toBe(true);
    }
    const rows = page.locator('tbody tr, [data-slot=data-cards] > li');
    const order = async () => (await rows.allTextContents()).map((text) => /gone-\w+-(\d)/.exec(text)?.[1]);
    await page.goto(`/channel?keyword=${prefix}`);
    await rowOf(page, `${prefix}-3`).waitFor();
    await expect.poll(order).toEqual(['2', '3', '1']);
    await page.locator('#channel-id-sort').click();
    await expect.poll(order).toEqual(['3', '2', '1']);
    await page.locator('[data-column-settings]').click();
    await page.getByRole('checkbox', { name: '类型' }).click();
    await page.keyboard.press('Escape');
    await page.reload();
    await rowOf(page, `${prefix}-3`).waitFor();
    expect(await page.locator('#channel-id-sort').getAttribute('aria-checked')).toBe('true');
    await expect.poll(order).toEqual(['3', '2', '1']);
    expect(await page.evaluate(() => localStorage.getItem('id-sort'))).toBe('true');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('channels-table-columns'))) ?? '{}')).toMatchObject({ type: false, name: true });
    // the type column (OpenAI) is gone from rows and cards; the status column stays
    expect(await rowOf(page, `${prefix}-1`).textContent()).not.toContain('OpenAI');
    await rowOf(page, `${prefix}-1`).locator('[data-channel-status]').waitFor();
    await page.locator('[data-column-settings]').click();
    await page.getByRole('button', { name: '恢复默认' }).click();
    await page.keyboard.press('Escape');
    await page.locator('#channel-id-sort').click();
    await rowOf(page, `${prefix}-1`).getByText('OpenAI').waitFor();

    const first = rowOf(page, `${prefix}-1`);
    const statusOf = async () => (await channelNamed(page, `${prefix}-1`))?.status;
    for (const expected of [2, 1]) {
      await first.locator('[data-channel-menu]').click();
      await page.locator('[data-toggle-channel]').click();
      await expectToast(page, '操作成功完成！');
      await expect.poll(statusOf).toBe(expected);
      await first.locator(`[data-channel-status="${expected}"]`).waitFor();
    }
    await first.locator('[data-channel-menu]').click();
    await page.locator('[data-delete-channel]').click();
    await page.locator('[data-confirm-dialog]', { hasText: `确定是否要删除渠道「${prefix}-1」？` }).locator('[data-confirm]').click();
    await expectToast(page, '删除成功');
    await expect.poll(statusOf).toBeUndefined();
    await first.waitFor({ state: 'detached' });

    await page.locator('#channel-batch-mode').click();
    await page.locator('[data-delete-selected]').click();
    await expectToast(page, '请先选择要删除的通道！');
    for (const n of [2, 3]) await rowOf(page, `${prefix}-${n}`).getByRole('checkbox').click();
    await page.locator('[data-delete-selected]').click();
    await page.locator('[data-confirm-dialog]', { hasText: '确定是否要删除所选的 2 个通道？' }).locator('[data-confirm]').click();
    await expectToast(page, '删除成功');
    await expect.poll(async () => (await channels(page)).filter((c) => c.name.startsWith(prefix))).toEqual([]);
  }, 120_000);

  it('desktop: offline, a reload shows the last loaded channel list read-only, and no channel key is on the device', async () => {
    const page = pages.desktop!;
    await page.goto('/channel');
    await rowOf(page, 'mock-desktop').waitFor();
    await page.waitForTimeout(1200); // the offline cache is written throttled
    await contexts.desktop!.setOffline(true);
    try {
      await page.reload();
      await page.locator('[data-offline-banner]').waitFor({ timeout: 15_000 });
      const row = rowOf(page, 'mock-desktop');
      await row.waitFor();
      for (const action of ['[data-test-channel]', '[data-edit-channel]', '[data-channel-menu]', '[data-refresh-balance]']) expect(await row.locator(action).isDisabled(), action).toBe(true);
      expect(await page.locator('[data-add-channel]').isDisabled()).toBe(true);
      await saveScreenshot(page, 'admin-channels-offline-desktop');
    } finally {
      await contexts.desktop!.setOffline(false);
    }
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).toContain('mock-desktop');
    expect(stored).not.toContain('mock-ok');
  }, 60_000);
});
