import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupRoot } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { browserPushKeys, startPushReceiver, type PushReceiver } from '../support/push-receiver.js';
import { expectToast } from './scenarios/suite.js';
import { buildConsole } from './support/build-console.js';
import { DESKTOP, hasChromium, launchChromium, newContext, PHONE } from './support/chromium.js';
import { signIn } from './support/console-session.js';
import { hasGateway } from './support/gateway.js';
import { saveScreenshot } from './support/screenshots.js';

// Issue 11 items 6 and 8 in Chromium against the real gateway: the dashboard's charts, the admin drawing
// and task logs, and the push card subscribing a browser whose alerts reach a stand-in push service.

const VIEWPORTS = [
  ['desktop', { ...DESKTOP, viewport: { width: 1366, height: 850 } }],
  ['mobile', PHONE],
] as const;

const ROOT_LOGIN = { username: 'root', password: 'rootpass123' };
const MODELS = ['gpt-4o', 'gpt-4o-mini', 'claude-3-5-sonnet', 'gemini-2.0-flash', 'deepseek-chat'];
const LONG_PROMPT = 'a lighthouse on a basalt cliff at dusk, volumetric light through sea mist, cinematic wide shot, ultra detailed, 35mm film grain, golden hour, crashing waves --ar 16:9 --v 6';

/** A day of hourly usage for five models, as the dashboard aggregation writes it. */
function usageRows(userId: number, now: number) {
  const hour = now - (now % 3600);
  return Array.from({ length: 24 }, (_, h) =>
    MODELS.map((model, m) => {
      const count = ((h * 7 + m * 13) % 11) + (m === 0 ? 6 : 1);
      return { user_id: userId, username: 'root', model_name: model, created_at: hour - h * 3600, count, quota: count * (5 - m) * 9000, token_used: count * (900 + m * 150) };
    }),
  ).flat();
}

/**
 * Runs in the page before the console: pushManager.subscribe hands out a subscription to the local receiver
 * with keys made in the test (headless Chromium has no push service of its own).
 */
function installFakePush({ endpoint, keys }: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  let current: PushSubscription | null = null;
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey as Uint8Array;
    current = {
      endpoint,
      expirationTime: null,
      options: { applicationServerKey: key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength), userVisibleOnly: true },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    } as unknown as PushSubscription;
    return current;
  };
  PushManager.prototype.getSubscription = async () => current;
}

describe.skipIf(!hasChromium() || !hasGateway())('admin dashboard, logs and push alerts in Chromium', () => {
  let gw: TestGateway;
  let receiver: PushReceiver;
  let browser: Browser;
  let build: string;
  const contexts: Record<string, BrowserContext> = {};
  const pages: Record<string, Page> = {};
  /** when the rows were seeded (seconds) */
  let seededAt = 0;

  beforeAll(async () => {
    build = await buildConsole('admin-dashboard-build');
    receiver = await startPushReceiver();
    gw = await startGateway({ PWA_DIST: build, USER_URL_ALLOW_PRIVATE: 'true' });
    const root = await setupRoot(gw);
    await root.put('/api/option/', { key: 'DataExportEnabled', value: 'true' });
    // images straight from image_url (same origin here) rather than through /mj/image
    await root.put('/api/option/', { key: 'MjForwardUrlEnabled', value: 'false' });
    const now = Math.floor(Date.now() / 1000);
    seededAt = now;
    const rows = usageRows(root.userId, now);
    await gw.sql`INSERT INTO quota_data ${gw.sql(rows, 'user_id', 'username', 'model_name', 'created_at', 'count', 'quota', 'token_used')}`;
    const ms = now * 1000;
    const drawings = [
      { user_id: root.userId, code: 1, action: 'IMAGINE', mj_id: '1719000000000001', prompt: LONG_PROMPT, prompt_en: LONG_PROMPT, submit_time: ms - 600_000, start_time: ms - 590_000, finish_time: ms - 560_000, image_url: '/logo.png', status: 'SUCCESS', progress: '100%', fail_reason: '', channel_id: 4 },
      { user_id: root.userId, code: 1, action: 'UPSCALE', mj_id: '1719000000000002', prompt: 'U1', prompt_en: 'U1', submit_time: ms - 300_000, start_time: ms - 299_000, finish_time: 0, image_url: '', status: 'IN_PROGRESS', progress: '45%', fail_reason: '', channel_id: 4 },
      { user_id: root.userId, code: 22, action: 'VARIATION', mj_id: '1719000000000003', prompt: 'V2', prompt_en: 'V2', submit_time: ms - 200_000, start_time: 0, finish_time: ms - 100_000, image_url: '', status: 'FAILURE', progress: '0%', fail_reason: 'banned prompt: the upstream refused this prompt because it matched a blocked word list', channel_id: 9 },
    ];
    await gw.sql`INSERT INTO midjourneys ${gw.sql(drawings)}`;
    const tasks = [
      { created_at: now - 500, updated_at: now - 400, task_id: 'f3a9c2e1-5b7d-4a8e-9c1f-2d6b8e4a7c90', platform: 'suno', user_id: root.userId, channel_id: 12, action: 'MUSIC', status: 'SUCCESS', submit_time: now - 500, finish_time: now - 410, progress: '100%', properties: '{"input":"lofi beats"}', data: '[{"id":"clip-1","title":"Night drive","audio_url":"https://cdn.example.com/1.mp3"}]' },
      { created_at: now - 300, updated_at: now - 100, task_id: '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0', platform: 'suno', user_id: root.userId, channel_id: 12, action: 'LYRICS', status: 'FAILURE', fail_reason: 'lyrics rejected by the upstream moderation', submit_time: now - 300, finish_time: now - 100, progress: '100%', properties: '{"input":"a song"}', data: '' },
      { created_at: now - 60, updated_at: now - 60, task_id: '9e8d7c6b-5a49-3827-1605-f4e3d2c1b0a9', platform: 'suno', user_id: root.userId, channel_id: 13, action: 'MUSIC', status: 'IN_PROGRESS', submit_time: now - 60, finish_time: 0, progress: '30%', properties: '{"input":"jazz"}', data: '' },
    ];
    await gw.sql`INSERT INTO tasks ${gw.sql(tasks)}`;

    browser = await launchChromium();
    for (const [name, options] of VIEWPORTS) {
      contexts[name] = await newContext(browser, gw.url, options);
      await contexts[name].grantPermissions(['notifications'], { origin: gw.url });
      pages[name] = await contexts[name].newPage();
      await signIn(pages[name], ROOT_LOGIN.username, ROOT_LOGIN.password);
    }
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await gw?.stop();
    await receiver?.close();
    if (build) rmSync(dirname(build), { recursive: true, force: true });
  }, 60_000);

  it.each(VIEWPORTS.map(([name]) => name))('%s: the dashboard charts a day of usage by model with totals and RPM/TPM', async (name) => {
    const page = pages[name]!;
    await page.goto('/detail');
    await page.locator('[data-chart=quota] .recharts-bar-rectangle').first().waitFor();
    await page.locator('[data-share-list] li').nth(4).waitFor();
    expect(await page.locator('[data-stat=count]').textContent()).not.toBe('0');
    expect(Number(await page.locator('[data-stat=rpm]').textContent())).toBeGreaterThan(0);
    for (const model of MODELS) expect(await page.locator('[data-share-list]').textContent()).toContain(model);
    await saveScreenshot(page, `admin-detail-${name}`, true);

    // by day: the same rows in one or two bars; the URL keeps the filter
    await page.locator('#dashboard-granularity').click();
    await page.getByRole('option', { name: '天' }).click();
    await page.locator('[data-dashboard-filters] button[type=submit]').click();
    await page.waitForURL(/granularity=day/);
    const bars = await page.locator('[data-chart=count] .recharts-bar-rectangle').count();
    expect(bars).toBeGreaterThan(0);
    expect(bars).toBeLessThanOrEqual(2 * MODELS.length);

    // the pickers write the range the Chinese way, not in the browser's US format
    for (const id of ['dashboard-start', 'dashboard-end']) expect(await page.locator(`#${id} + [data-date-time-text]`).textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    // a user with no calls: every card, the two lower ones too, shows the same visible empty state
    await page.fill('#dashboard-username', 'nobody-here');
    await page.locator('[data-dashboard-filters] button[type=submit]').click();
    await page.waitForURL(/username=nobody-here/);
    for (const chart of ['quota', 'count', 'share']) {
      const empty = page.locator(`[data-chart=${chart}] [data-chart-empty]`);
      await empty.getByText('这段时间还没有调用记录').waitFor();
      await empty.scrollIntoViewIfNeeded();
      expect(await empty.locator('svg').isVisible()).toBe(true);
    }
    await page.evaluate(() => window.scrollTo(0, 0)); // a full-page shot taken scrolled draws the sticky bars mid-page
    await saveScreenshot(page, `admin-detail-empty-${name}`, true);
  }, 120_000);

  it.each(VIEWPORTS.map(([name]) => name))('%s: the drawing log shows administrators the callback notice, the image and the long prompt', async (name) => {
    const page = pages[name]!;
    await page.goto('/midjourney');
    await page.getByText('当前未开启 Midjourney 回调').waitFor();
    await page.getByText('1719000000000001').waitFor();
    await saveScreenshot(page, `admin-midjourney-${name}`, true);

    await page.getByRole('button', { name: '查看图片' }).first().click();
    const viewer = page.getByRole('dialog');
    await viewer.locator('img').waitFor();
    expect(await viewer.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await saveScreenshot(page, `admin-midjourney-image-${name}`);
    await page.keyboard.press('Escape');

    await page.getByTitle(/banned prompt/).first().click();
    await page.getByRole('dialog').getByText(/blocked word list/).waitFor();
    await page.keyboard.press('Escape');

    // the channel filter (administrators only) narrows the list to channel 9
    await page.fill('#task-channel', '9');
    await page.locator('form[role=search] button[type=submit]').click();
    // TanStack Router writes a numeric-looking string JSON-quoted: channel=%229%22
    await page.waitForURL(/channel=(%22)?9(%22)?(&|$)/);
    await page.getByText('1719000000000001').waitFor({ state: 'detached' });
    await page.getByText('1719000000000003').waitFor();
  }, 120_000);

  it.each(VIEWPORTS.map(([name]) => name))('%s: the task log opens a task as JSON', async (name) => {
    const page = pages[name]!;
    // from an hour before the tasks: the page's default range starts at today's midnight, which a run just after
    // midnight puts after tasks seeded just before it (a CI run at 00:00 failed so)
    await page.goto(`/task?start=${seededAt - 3600}`);
    await page.getByRole('button', { name: 'f3a9c2e1-5b7d-4a8e-9c1f-2d6b8e4a7c90' }).waitFor();
    await saveScreenshot(page, `admin-task-${name}`, true);
    await page.getByRole('button', { name: 'f3a9c2e1-5b7d-4a8e-9c1f-2d6b8e4a7c90' }).click();
    const record = JSON.parse((await page.getByRole('dialog').locator('pre').textContent()) ?? '') as { task_id: string; channel_id: number; data: { title: string }[] };
    expect(record).toMatchObject({ task_id: 'f3a9c2e1-5b7d-4a8e-9c1f-2d6b8e4a7c90', channel_id: 12, data: [{ title: 'Night drive' }] });
    await saveScreenshot(page, `admin-task-record-${name}`);
    await page.keyboard.press('Escape');

    // the channel filter (administrators only) narrows the task log to channel 13
    await page.fill('#task-channel', '13');
    await page.locator('form[role=search] button[type=submit]').click();
    await page.waitForURL(/channel=(%22)?13(%22)?(&|$)/);
    await page.getByRole('button', { name: 'f3a9c2e1-5b7d-4a8e-9c1f-2d6b8e4a7c90' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '9e8d7c6b-5a49-3827-1605-f4e3d2c1b0a9' }).waitFor();
    expect(await page.getByRole('button', { name: /^[0-9a-f]{8}-/ }).count()).toBe(1);
    // its date-time pickers follow the console language too
    expect(await page.locator('#task-start + [data-date-time-text]').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await saveScreenshot(page, `admin-task-channel-${name}`, true);
  }, 120_000);

  it.each(VIEWPORTS.map(([name]) => name))('%s: the push card subscribes this browser, the test arrives encrypted, and unsubscribing stops it', async (name) => {
    const page = pages[name]!;
    const context = contexts[name]!;
    const keys = browserPushKeys();
    const path = `/${name}`;
    await page.addInitScript(installFakePush, { endpoint: `${receiver.url}${path}`, keys: { p256dh: keys.p256dh, auth: keys.auth } });
    await page.goto('/personal?tab=notify');
    // the console's own service worker carries the push handlers next to workbox's precache
    await expect.poll(() => context.serviceWorkers().length).toBeGreaterThan(0);
    expect(await context.serviceWorkers()[0]!.evaluate(() => typeof (self as unknown as { ferrymanNotification?: unknown }).ferrymanNotification)).toBe('function');

    const card = page.locator('[data-push-card]');
    await card.getByText('已订阅设备：').waitFor();
    await card.locator('[data-push-state=off]').waitFor();
    await card.locator('[data-push-subscribe]').click();
    await expectToast(page, '已在本设备开启推送通知');
    await card.locator('[data-push-state=on]').waitFor();
    await card.locator('[data-push-test]').click();
    await expectToast(page, /测试通知已发送到 \d 台设备/);
    await expect.poll(() => receiver.received.filter((r) => r.path === path).length).toBe(1);
    const push = receiver.received.find((r) => r.path === path)!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(JSON.parse(keys.decrypt(push.body))).toMatchObject({ title: '测试通知', url: '/personal?tab=notify' });
    await card.scrollIntoViewIfNeeded();
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
    await saveScreenshot(page, `admin-push-${name}`);

    await card.locator('[data-push-unsubscribe]').click();
    await expectToast(page, '已关闭本设备的推送通知');
    await card.locator('[data-push-state=off]').waitFor();
    const rows = await gw.sql`SELECT 1 FROM push_subscriptions WHERE endpoint = ${`${receiver.url}${path}`}`;
    expect(rows).toHaveLength(0);
  }, 120_000);
});
