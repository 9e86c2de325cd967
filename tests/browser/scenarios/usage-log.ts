import { expect } from 'vitest';
import { pageApi } from '../support/console-session.js';
import { saveScreenshot } from '../support/screenshots.js';
import type { Suite } from './suite.js';

/** A channel to the mock upstream, two relay calls with the new key, and the rows in /log. */
export async function usageLogAfterRelay(suite: Suite): Promise<void> {
  const page = suite.page;
  const created = await pageApi<{ success: boolean; message: string }>(page, 'POST', '/api/channel/', {
    name: 'mock-openai',
    type: 1,
    key: 'sk-upstream-mock',
    base_url: suite.upstream.url,
    models: 'gpt-4o-mini,gpt-4o,deepseek-chat',
    group: 'default',
  });
  expect(created.success, created.message).toBe(true);
  for (const [model, stream] of [['gpt-4o-mini', false], ['gpt-4o', true]] as const) {
    const res = await fetch(`${suite.gateway.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer sk-${suite.tokenKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model, stream, messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(res.status).toBe(200);
    await res.text();
  }
  const deadline = Date.now() + 20_000;
  for (;;) {
    await page.goto('/log');
    const row = page.locator('tr', { hasText: 'gpt-4o-mini' }).first();
    if (await row.isVisible({ timeout: 3000 }).catch(() => false)) break;
    if (Date.now() > deadline) throw new Error('the consume log did not appear in /log');
  }
  await page.locator('[data-log-stats]').waitFor();
  await page.locator('tr', { hasText: 'gpt-4o' }).first().click();
  await page.locator('[data-log-details]').first().waitFor();
  await expect(page.locator('tr', { hasText: suite.tokenName }).count()).resolves.toBeGreaterThan(0);
  await saveScreenshot(page, 'log-desktop');
}
