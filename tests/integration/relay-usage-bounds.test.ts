import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/console-client.js';
import { addChannel, ledger, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

interface LogRow {
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  other: string;
}

const post = (f: RelayFixture, key: string, body: Record<string, unknown>) =>
  fetch(`${f.gw.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], ...body }),
  });

describe('usage the gateway bills', () => {
  let f: RelayFixture;
  let n = 0;
  /** A user of its own with an unlimited token, so each test reads one user's ledger and log rows. */
  async function user(quota: number): Promise<{ id: number; key: string }> {
    const name = `bounds${++n}`;
    const [row] = await f.gw.sql<{ id: number }[]>`
      INSERT INTO users (username, password, display_name, quota, "group") VALUES (${name}, 'x', ${name}, ${quota}, 'default') RETURNING id`;
    const key = name.padEnd(48, 'k');
    await f.gw.sql`INSERT INTO tokens (user_id, key, name, unlimited_quota, remain_quota, expired_time) VALUES (${row!.id}, ${key}, ${name}, true, 0, -1)`;
    return { id: row!.id, key: `sk-${key}` };
  }
  const lastLog = (userId: number) =>
    eventually(
      () => f.gw.sql<LogRow[]>`SELECT quota, prompt_tokens, completion_tokens, other FROM logs WHERE user_id = ${userId} AND type = 2 ORDER BY id DESC LIMIT 1`,
      (rows) => rows.length === 1,
    ).then((rows) => rows[0]!);

  beforeAll(async () => {
    // A pooled token count (texts over ~2 KB) can never finish within 1 ms.
    f = await startRelayFixture({ TOKEN_COUNT_TIMEOUT_MS: '1' });
    await addChannel(f, { models: 'gpt-4o-mini' });
  });
  afterAll(() => f?.stop());

  it('bills a byte-based estimate when the token count fails, never zero', async () => {
    const u = await user(10_000_000);
    const words = Array.from({ length: 60_000 }, (_, i) => `w${(i * 7919) % 10007}`).join(' ');
    const r = await post(f, u.key, { messages: [{ role: 'user', content: words }], mock: { usage: false } });
    expect(r.status).toBe(200);
    const log = await lastLog(u.id);
    expect(f.gw.output()).toMatch(/token counting failed/);
    expect(log.prompt_tokens).toBeGreaterThanOrEqual(Math.floor(words.length / 3));
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBeGreaterThan(0);
    expect(JSON.parse(log.other).admin_info.local_count_tokens).toBe(true);
  });

  it('clamps absurd upstream usage and stores the clamped numbers', async () => {
    const u = await user(10_000_000);
    const r = await post(f, u.key, { max_tokens: 50, mock: { usage: { prompt_tokens: 1e15, completion_tokens: 1e15, total_tokens: 2e15 } } });
    expect(r.status).toBe(200);
    const log = await lastLog(u.id);
    expect(log.completion_tokens).toBe(50);
    expect(log.prompt_tokens).toBeGreaterThan(0);
    expect(log.prompt_tokens).toBeLessThan(10_000);
    expect(log.quota).toBeLessThan(10_000);
    const after = await ledger(f.gw, u.id, (v) => v.logs === 1 && v.quota + v.charged === 10_000_000);
    expect(after.quota + after.charged).toBe(10_000_000);
    expect(f.gw.output()).toMatch(/usage clamped/);
  });

  it('stores a negative upstream count as zero', async () => {
    const u = await user(10_000_000);
    await post(f, u.key, { mock: { usage: { prompt_tokens: -5, completion_tokens: 10, total_tokens: 5 } } });
    const log = await lastLog(u.id);
    expect(log.prompt_tokens).toBe(0);
    expect(log.completion_tokens).toBe(10);
  });

  it('charges no more than the reservation and the balance cover, and records the shortfall', async () => {
    const u = await user(1_000);
    // 5 M completion tokens are within the absolute bound (no max_tokens) but cost far more than 1 000.
    const r = await post(f, u.key, { mock: { usage: { prompt_tokens: 10, completion_tokens: 5_000_000, total_tokens: 5_000_010 } } });
    expect(r.status).toBe(200);
    const log = await lastLog(u.id);
    expect(log.completion_tokens).toBe(5_000_000);
    expect(log.quota).toBe(1_000);
    const shortfall = JSON.parse(log.other).admin_info.shortfall as number;
    expect(shortfall).toBeGreaterThan(1_000_000);
    const after = await ledger(f.gw, u.id, (v) => v.logs === 1 && v.quota + v.charged === 1_000);
    expect(after).toMatchObject({ quota: 0, charged: 1_000 });
    expect(f.gw.output()).toMatch(/shortfall/);
  });
});
