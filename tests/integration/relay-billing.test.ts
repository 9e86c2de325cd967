import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, eventually } from '../support/console-client.js';
import { addChannel, addToken, ledger, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

const chat = (f: RelayFixture, key: string, body: Record<string, unknown> = {}) =>
  fetch(`${f.gw.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], max_tokens: 10, ...body }),
  });

// Ratio 0.075 × 2 for the test group: reserve (max(prompt≈30, 500) + 10) × 0.075 = 38, actual charge 7.
describe('exact billing under concurrency', () => {
  let f: RelayFixture;
  beforeAll(async () => {
    f = await startRelayFixture();
    await addChannel(f);
  });
  afterAll(() => f?.stop());

  it('lets at most what the token quota covers through 50 parallel requests, and the ledger balances', async () => {
    const reservePerRequest = 38;
    const t = await addToken(f.root, { remain_quota: reservePerRequest * 10 });
    const before = await ledger(f.gw, f.root.userId);
    const results = await Promise.all(Array.from({ length: 50 }, () => chat(f, t.key).then(async (r) => ({ status: r.status, body: await r.text() }))));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(ok.length).toBeLessThanOrEqual(10);
    for (const r of refused) expect(r.body).toMatch(/token quota is not enough|该令牌额度已用尽/);
    const mockCalls = (await f.mock.requests()).filter((r) => r.path === '/v1/chat/completions').length;
    expect(mockCalls).toBeLessThanOrEqual(10);
    const after = await ledger(f.gw, f.root.userId, (v) => v.logs - before.logs === ok.length && v.quota + v.charged === before.quota + before.charged);
    expect(after.logs - before.logs).toBe(ok.length);
    expect(after.quota + after.charged).toBe(before.quota + before.charged);
    const tok = await eventually(
      async () => (await f.gw.sql<{ remain_quota: number; used_quota: number }[]>`SELECT remain_quota, used_quota FROM tokens WHERE id = ${t.id}`)[0]!,
      (x) => x.used_quota === (after.charged - before.charged),
    );
    expect(tok.remain_quota).toBeGreaterThanOrEqual(0);
    expect(tok.remain_quota + tok.used_quota).toBe(reservePerRequest * 10);
  });

  it('lets at most what the user quota covers when the token is unlimited', async () => {
    const user = new ConsoleClient(f.gw);
    await f.gw.sql`INSERT INTO users (username, password, display_name, quota, "group") VALUES ('poor', '$2a$10$abcdefghijklmnopqrstuuJz0wD9UPlXkgjY6MBmfbUs7Ww4KNkG6', 'poor', 380, 'default')`;
    const [row] = await f.gw.sql<{ id: number }[]>`SELECT id FROM users WHERE username = 'poor'`;
    const key = 'p'.repeat(48);
    await f.gw.sql`INSERT INTO tokens (user_id, key, name, unlimited_quota, remain_quota, expired_time) VALUES (${row!.id}, ${key}, 'poor', true, 0, -1)`;
    void user;
    const results = await Promise.all(Array.from({ length: 50 }, () => chat(f, `sk-${key}`).then((r) => r.status)));
    const ok = results.filter((s) => s === 200).length;
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThanOrEqual(10);
    const after = await ledger(f.gw, row!.id, (v) => v.logs === ok && v.quota + v.charged === 380);
    expect(after.quota + after.charged).toBe(380);
    expect(after.quota).toBeGreaterThanOrEqual(0);
  });

  it('refuses an unknown model without a price and charges nothing', async () => {
    await addChannel(f, { models: 'mystery-model' });
    const t = await addToken(f.root);
    const before = await ledger(f.gw, f.root.userId);
    const r = await chat(f, t.key, { model: 'mystery-model' });
    expect(r.status).toBe(500);
    const body = (await r.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('model_price_error');
    expect(body.error.message).toMatch(/模型 mystery-model 倍率或价格未配置/);
    await new Promise((res) => setTimeout(res, 300));
    const after = await ledger(f.gw, f.root.userId);
    expect(after.quota).toBe(before.quota);
    expect(after.logs).toBe(before.logs);
  });
});
