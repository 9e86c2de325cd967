import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Locator } from 'playwright-core';
import { launchChromium } from '../browser/support/chromium.js';
import { setupRoot, ROOT_USER } from '../support/console-client.js';
import { startGateway } from '../support/gateway.js';
import { startMockUpstreamProcess } from '../support/mock-upstream-process.js';
import { Recorder, startConsoleServer, startProviderStandIn } from './console-harness.js';

// Acceptance with new-api's own console (the mid-2025 build, unmodified) pointed at Ferryman: every channel
// action of its channel page and the unset-ratio tab, with a screenshot per step and every /api exchange
// recorded. Not a test file: CI cannot fetch new-api. What it finds becomes replay tests in tests/integration/
// (channel-console-replay.test.ts). How to build the console and run this: tests/compat/README.md.
//
//   npx tsx tests/compat/new-api-console.ts --dist /tmp/newapi-build/dist --out /tmp/newapi-console

const { values: args } = parseArgs({ options: { dist: { type: 'string' }, out: { type: 'string', default: '/tmp/newapi-console' } } });
if (!args.dist) throw new Error('--dist <new-api web/dist> is required (see tests/compat/README.md)');
const OUT = args.out!;
mkdirSync(OUT, { recursive: true });

const mock = await startMockUpstreamProcess();
const provider = await startProviderStandIn(mock.url);
const gw = await startGateway({}, { database: 'embedded' });
await setupRoot(gw);
const site = await startConsoleServer(args.dist, gw.url);
const browser = await launchChromium();
const context = await browser.newContext({ baseURL: site.url, viewport: { width: 1600, height: 1000 }, locale: 'zh-CN' });
const page = await context.newPage();
const rec = new Recorder();
await rec.attach(page);

const results: { step: string; ok: boolean; problems: string[]; error?: string }[] = [];
let shot = 0;

/** Runs one console action, then screenshots it and collects what went wrong (toasts, failed calls). */
async function step(name: string, fn: () => Promise<void>, opts: { expectProblem?: RegExp } = {}): Promise<void> {
  rec.step = name;
  let error: string | undefined;
  try {
    await fn();
  } catch (e) {
    error = e instanceof Error ? e.message.split('\n')[0] : String(e);
  }
  await page.waitForTimeout(900);
  shot += 1;
  await page.screenshot({ path: join(OUT, `${String(shot).padStart(2, '0')}-${name}.png`) }).catch(() => {});
  // a failed step may leave a drawer or modal open: start the next one from a fresh channel page
  if (error) await openChannels().catch(() => {});
  const problems = rec.problems(name).filter((p) => !opts.expectProblem?.test(p));
  results.push({ step: name, ok: !error && problems.length === 0, problems, ...(error ? { error } : {}) });
  console.log(`${!error && problems.length === 0 ? 'ok  ' : 'FAIL'} ${name}${error ? ` — ${error}` : ''}${problems.map((p) => `\n       ${p}`).join('')}`);
}

const row = (name: string): Locator => page.locator('tr.semi-table-row', { has: page.getByText(name, { exact: true }) }).first();
const sheet = (): Locator => page.locator('.semi-sidesheet-inner').last();
/** The visible modal with this title (hidden ones stay mounted). */
const dialog = (title: string): Locator => page.locator('.semi-modal-content:visible', { hasText: title }).last();
const okIn = (scope: Locator): Locator => scope.locator('button:visible', { hasText: /^(确定|OK)$/ }).last();
const confirmPop = async () => okIn(page.locator('.semi-popconfirm:visible').last()).click();

async function openChannels(): Promise<void> {
  await page.goto('/channel');
  await page.getByRole('button', { name: '添加渠道' }).waitFor({ timeout: 15_000 });
  await page.waitForTimeout(800);
}

/** A table switch, found by its aria-label (Semi renders the native control under the visual one). */
const toggle = async (ariaLabel: string) => page.locator(`[aria-label="${ariaLabel}"]`).first().click({ force: true });

/** A row's inline number fields: priority first, then weight. */
const numberField = (r: Locator, index: 0 | 1): Locator => r.locator('input:not([type=checkbox])').nth(index);

const rowsNamed = (name: string): Locator => page.locator('tr.semi-table-row', { has: page.getByText(name, { exact: true }) });
const tick = async (r: Locator) => r.locator('.semi-checkbox').first().click();

/** The create drawer: name, key (a textarea when batch is ticked), base URL, models replaced by `models`. */
async function fillCreate(name: string, key: string, opts: { batch?: boolean; models?: string[] } = {}): Promise<void> {
  await page.getByRole('button', { name: '添加渠道' }).click();
  const s = sheet();
  await s.locator('input[name=name]').fill(name);
  // the batch checkbox is the drawer's only one; its label is a sibling text
  if (opts.batch) await s.locator('.semi-checkbox').first().click();
  await s.locator('[name=key]').fill(key);
  await s.locator('input[name=base_url]').first().fill(provider.url);
  await s.getByRole('button', { name: '清除所有模型' }).click();
  for (const m of opts.models ?? ['gpt-4o-mini']) {
    await s.getByPlaceholder('输入自定义模型名称').fill(m);
    await s.getByRole('button', { name: '填入', exact: true }).click();
  }
}

/** The console's PUT /api/channel/ answered (an earlier step's toast may still be showing). */
const channelPut = () => page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/channel/', { timeout: 10_000 });

const submitSheet = async () => sheet().getByRole('button', { name: '提交' }).click();

async function run(): Promise<void> {
  await step('login', async () => {
    await page.goto('/login');
    await page.locator('input[name=username]').fill(ROOT_USER.username);
    await page.locator('input[name=password]').fill(ROOT_USER.password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15_000 });
  });

  await step('channel-page', openChannels);

  await step('create-single', async () => {
    // a model with no price or ratio, for the unset-ratio tab at the end
    await fillCreate('c-single', 'sk-single-key', { models: ['gpt-4o-mini', 'acme-unpriced-1'] });
    await submitSheet();
    await row('c-single').waitFor({ timeout: 10_000 });
  });

  await step('create-batch-keys', async () => {
    await fillCreate('c-batch', 'sk-batch-a\nsk-batch-b\nsk-batch-c', { batch: true });
    await submitSheet();
    await row('c-batch').waitFor({ timeout: 10_000 });
    const n = (await gw.sql`SELECT id FROM channels WHERE name = 'c-batch'`).length;
    if (n !== 3) throw new Error(`expected 3 channels from 3 key lines, got ${n}`);
  });

  await step('create-fetch-models', async () => {
    await fillCreate('c-fetched', 'sk-fetch-key');
    await sheet().getByRole('button', { name: '获取模型列表' }).click();
    await page.getByText('获取模型列表成功').first().waitFor({ timeout: 10_000 });
    await submitSheet();
    await row('c-fetched').waitFor({ timeout: 10_000 });
  });

  await step('edit-keeps-key', async () => {
    await row('c-single').getByRole('button', { name: '编辑' }).click();
    const s = sheet();
    await s.locator('input[name=name]').fill('c-single-edited');
    await s.locator('input[name=test_model]').fill('gpt-4o-mini');
    await submitSheet();
    await row('c-single-edited').waitFor({ timeout: 10_000 });
    const [ch] = await gw.sql<{ key: string; test_model: string }[]>`SELECT key, test_model FROM channels WHERE name = 'c-single-edited'`;
    if (ch?.key !== 'sk-single-key') throw new Error(`key after edit: ${ch?.key}`);
  });

  await step('edit-fetch-models-by-id', async () => {
    await row('c-fetched').getByRole('button', { name: '编辑' }).click();
    await sheet().getByRole('button', { name: '获取模型列表' }).click();
    await page.getByText('获取模型列表成功').first().waitFor({ timeout: 10_000 });
    await sheet().getByRole('button', { name: '取消' }).click();
  });

  await step('test-one', async () => {
    await row('c-single-edited').getByRole('button', { name: '测试', exact: true }).click();
    await page.getByText(/测试成功/).first().waitFor({ timeout: 15_000 });
  });

  await step('test-one-model', async () => {
    await row('c-single-edited').locator('button').nth(1).click();
    const modal = dialog('选择模型进行测试');
    await modal.getByRole('button', { name: 'gpt-4o-mini', exact: true }).click();
    await page.getByText(/测试成功/).first().waitFor({ timeout: 15_000 });
    await modal.locator('.semi-modal-close').click().catch(() => {});
  });

  await step('update-balance', async () => {
    await row('c-single-edited').locator('.semi-tag', { hasText: '$' }).nth(1).click();
    await page.getByText(/余额更新成功/).first().waitFor({ timeout: 15_000 });
  });

  const bulk = async (item: string) => {
    await page.getByRole('button', { name: '批量操作' }).click();
    await page.locator('.semi-dropdown-item', { hasText: item }).click();
    await confirmPop();
  };
  await step('test-all', () => bulk('测试所有通道'));
  await step('update-all-balances', () => bulk('更新所有已启用通道余额'));

  await step('disable', async () => {
    await row('c-fetched').getByRole('button', { name: '禁用' }).click();
    await page.getByText('操作成功完成！').first().waitFor({ timeout: 10_000 });
  });
  await step('enable', async () => {
    await openChannels();
    await row('c-fetched').getByRole('button', { name: '启用' }).click();
    await page.getByText('操作成功完成！').first().waitFor({ timeout: 10_000 });
  });

  await step('priority-inline', async () => {
    const input = numberField(row('c-fetched'), 0);
    await input.fill('5');
    const saved = channelPut();
    await input.blur();
    await saved;
    const [ch] = await gw.sql<{ priority: number }[]>`SELECT priority FROM channels WHERE name = 'c-fetched'`;
    if (Number(ch?.priority) !== 5) throw new Error(`priority stored: ${ch?.priority}`);
  });
  await step('weight-inline', async () => {
    const input = numberField(row('c-fetched'), 1);
    await input.fill('7');
    const saved = channelPut();
    await input.blur();
    await saved;
    const [ch] = await gw.sql<{ weight: number }[]>`SELECT weight FROM channels WHERE name = 'c-fetched'`;
    if (Number(ch?.weight) !== 7) throw new Error(`weight stored: ${ch?.weight}`);
  });

  await step('copy', async () => {
    await row('c-fetched').getByRole('button', { name: '复制' }).click();
    await confirmPop();
    await row('c-fetched_复制').waitFor({ timeout: 10_000 });
  });

  await step('batch-set-tag', async () => {
    await toggle('是否开启批量操作');
    const rows = rowsNamed('c-batch');
    for (let i = 0; i < (await rows.count()); i++) await tick(rows.nth(i));
    await page.getByRole('button', { name: '批量设置标签' }).click();
    const modal = dialog('批量设置标签');
    await modal.getByPlaceholder('请输入标签名称').fill('t-batch');
    await okIn(modal).click();
    await page.getByText(/已为 3 个渠道设置标签/).first().waitFor({ timeout: 10_000 });
  });

  await step('tag-mode', async () => {
    await toggle('是否启用标签聚合');
    await row('标签：t-batch').waitFor({ timeout: 10_000 });
  });

  await step('tag-priority', async () => {
    const input = numberField(row('标签：t-batch'), 0);
    await input.fill('3');
    await input.blur();
    await okIn(dialog('修改子渠道优先级')).click();
    await page.getByText('更新成功！').first().waitFor({ timeout: 10_000 });
  });

  await step('tag-weight', async () => {
    const input = numberField(row('标签：t-batch'), 1);
    await input.fill('4');
    await input.blur();
    await okIn(dialog('修改子渠道权重')).click();
    await page.getByText('更新成功！').first().waitFor({ timeout: 10_000 });
  });

  await step('tag-disable', async () => {
    await row('标签：t-batch').getByRole('button', { name: '禁用全部' }).click();
    await page.getByText('操作成功完成！').first().waitFor({ timeout: 10_000 });
  });
  await step('tag-enable', async () => {
    await row('标签：t-batch').getByRole('button', { name: '启用全部' }).click();
    await page.getByText('操作成功完成！').first().waitFor({ timeout: 10_000 });
  });

  await step('tag-edit', async () => {
    await row('标签：t-batch').getByRole('button', { name: '编辑' }).click();
    const s = sheet();
    await s.getByPlaceholder('请输入新标签').fill('t-renamed');
    await page.getByRole('button', { name: '保存', exact: true }).last().click();
    await row('标签：t-renamed').waitFor({ timeout: 10_000 });
  });

  await step('tag-mode-off', async () => {
    await toggle('是否启用标签聚合');
    await row('c-fetched').waitFor({ timeout: 10_000 });
  });

  await step('delete-one', async () => {
    await row('c-fetched_复制').getByRole('button', { name: '删除' }).click();
    await confirmPop();
    await page.waitForTimeout(500);
    if ((await gw.sql`SELECT id FROM channels WHERE name = 'c-fetched_复制'`).length !== 0) throw new Error('still there');
  });

  await step('delete-disabled', async () => {
    await row('c-fetched').getByRole('button', { name: '禁用' }).click();
    await page.getByText('操作成功完成！').first().waitFor({ timeout: 10_000 });
    await bulk('删除禁用通道');
    await page.getByText(/已删除所有禁用渠道，共计 1 个/).first().waitFor({ timeout: 10_000 });
  });

  await step('batch-delete', async () => {
    await tick(rowsNamed('c-batch').first());
    await page.getByRole('button', { name: '删除所选通道' }).click();
    await confirmPop();
    await page.getByText(/已删除 \d+ 个通道/).first().waitFor({ timeout: 10_000 });
  });

  await step('fix-abilities', async () => {
    await page.getByRole('button', { name: '修复数据库一致性' }).click();
    await confirmPop();
    await page.getByText(/已修复 \d+ 个通道/).first().waitFor({ timeout: 10_000 });
  });

  await step('ratio-unset-models', async () => {
    await page.goto('/setting?tab=operation');
    await page.getByRole('tab', { name: '未设置倍率模型' }).click();
    await page.getByText('acme-unpriced-1').first().waitFor({ timeout: 10_000 });
  });

  await step('ratio-save', async () => {
    const r = page.locator('tr.semi-table-row', { hasText: 'acme-unpriced-1' });
    const inputs = r.locator('input:not([type=checkbox])');
    await inputs.nth(1).fill('0.5');
    await inputs.nth(2).fill('2');
    await page.getByRole('button', { name: '应用更改' }).click();
    await page.getByText('保存成功').first().waitFor({ timeout: 10_000 });
  });
}

try {
  await run();
} finally {
  writeFileSync(join(OUT, 'exchanges.json'), JSON.stringify(rec.exchanges, null, 2));
  writeFileSync(join(OUT, 'results.json'), JSON.stringify({ results, toasts: rec.toasts, pageErrors: rec.pageErrors }, null, 2));
  await browser.close();
  site.server.close();
  provider.server.close();
  await gw.stop();
  await mock.stop();
}
const failed = results.filter((r) => !r.ok);
console.log(`\n${results.length - failed.length}/${results.length} steps passed; exchanges and screenshots in ${OUT}`);
process.exitCode = failed.length ? 1 : 0;
