import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/console-client.js';
import { seedUser } from '../support/seed-rows.js';
import { addChannel, addToken, ledger, startRelayFixture, tokenQuota, type RelayFixture } from '../support/relay-fixture.js';

const chat = (f: RelayFixture, key: string, body: Record<string, unknown> = {}) =>
  fetch(`${f.gw.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], max_tokens: 10, ...body }),
  });

// flat-model costs a fixed $0.001 per call = 500 quota, so the reservation equals the charge and a
// balance of 5 000 covers exactly 10 calls. gpt-4o-mini reserves more than it finally costs (7).
const FLAT = 500;

describe('exact billing under concurrency', () => {
  let f: RelayFixture;
  beforeAll(async () => {
    f = await startRelayFixture();
    await addChannel(f, { models: 'gpt-4o-mini,flat-model' });
    const r = await f.root.put('/api/option/', { key: 'ModelPrice', value: JSON.stringify({ 'flat-model': 0.001 }) });
    expect(r.body.success).toBe(true);
  });
  afterAll(() => f?.stop());

  it('lets exactly what the token quota covers through 50 parallel requests, and the ledger balances', async () => {
    const t = await addToken(f.root, { remain_quota: FLAT * 10 });
    const before = await ledger(f.gw, f.root.userId);
    await f.mock.reset();
    const results = await Promise.all(Array.from({ length: 50 }, () => chat(f, t.key, { model: 'flat-model' }).then(async (r) => ({ status: r.status, body: await r.text() }))));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBe(10);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body).toMatch(/token quota is not enough|该令牌额度已用尽/);
    expect((await f.mock.requests()).filter((r) => r.path === '/v1/chat/completions').length).toBe(10);
    const after = await ledger(f.gw, f.root.userId, (v) => v.logs - before.logs === 10 && v.quota + v.charged === before.quota + before.charged);
    expect(after.charged - before.charged).toBe(FLAT * 10);
    expect(after.quota + after.charged).toBe(before.quota + before.charged);
    const tok = await tokenQuota(f.gw, t.id, (x) => x.used_quota === FLAT * 10);
    expect(tok).toEqual({ remain_quota: 0, used_quota: FLAT * 10 });
  });

  async function poorUser(name: string, quota: number): Promise<{ id: number; key: string }> {
    await f.gw.sql`INSERT INTO users (username, password, display_name, quota, "group") VALUES (${name}, 'x', ${name}, ${quota}, 'default')`;
    const [row] = await f.gw.sql<{ id: number }[]>`SELECT id FROM users WHERE username = ${name}`;
    const key = name.padEnd(48, 'k');
    await f.gw.sql`INSERT INTO tokens (user_id, key, name, unlimited_quota, remain_quota, expired_time) VALUES (${row!.id}, ${key}, ${name}, true, 0, -1)`;
    return { id: row!.id, key: `sk-${key}` };
  }

  it('lets exactly what the user quota covers when the token is unlimited', async () => {
    const u = await poorUser('poor', FLAT * 10);
    const results = await Promise.all(Array.from({ length: 50 }, () => chat(f, u.key, { model: 'flat-model' }).then(async (r) => ({ status: r.status, body: await r.text() }))));
    expect(results.filter((r) => r.status === 200).length).toBe(10);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body).toMatch(/user quota is not enough|pre-consumed quota failed/);
    const after = await ledger(f.gw, u.id, (v) => v.logs === 10 && v.quota + v.charged === FLAT * 10);
    expect(after).toMatchObject({ quota: 0, charged: FLAT * 10, logs: 10 });
  });

  const flood = async (key: string, rounds: number) => {
    const answers: Array<{ status: number; body: { error?: { code?: string; message?: string } } }> = [];
    for (let round = 0; round < rounds; round++) {
      answers.push(...(await Promise.all(Array.from({ length: 25 }, () => chat(f, key, { model: 'flat-model' }).then(async (r) => ({ status: r.status, body: await r.json() }))))));
    }
    return answers;
  };

  // Refused from memory for a second after the database refused (QuotaLeases.refusedAgain): a credit must end that.
  it('refuses a client retrying on an empty balance, and serves it at once after it redeems a code', async () => {
    const user = await seedUser(f.gw, { username: 'retrier', quota: 100 });
    const t = await addToken(user, { unlimited_quota: true });
    for (const a of await flood(t.key, 8)) {
      expect(a).toMatchObject({ status: 403, body: { error: { code: 'insufficient_user_quota', message: expect.stringMatching(/^chat pre-consumed quota failed, user quota: /) } } });
    }
    // the refusal kept by the last statement has ended; this one is refused by a statement, and kept from now
    await new Promise((res) => setTimeout(res, 1100));
    expect((await chat(f, t.key, { model: 'flat-model' })).status).toBe(403);
    const code = await f.root.post<string[]>('/api/redemption/', { name: 'retrier', quota: FLAT * 2, count: 1 });
    expect((await user.post('/api/user/topup', { key: code.body.data![0] })).body).toMatchObject({ success: true, data: FLAT * 2 });
    expect((await chat(f, t.key, { model: 'flat-model' })).status).toBe(200);
    // nothing was charged for the refusals: the balance comes home whole once the slice is idle
    const after = await ledger(f.gw, user.userId, (v) => v.logs === 1 && v.quota === 100 + FLAT);
    expect(after).toMatchObject({ quota: 100 + FLAT, charged: FLAT, used: FLAT, logs: 1 });
  });

  it("refuses a client retrying on a token short of quota, and serves it at once after the token's quota is raised", async () => {
    const t = await addToken(f.root, { remain_quota: 100 });
    for (const a of await flood(t.key, 8)) {
      expect(a).toMatchObject({ status: 403, body: { error: { code: 'pre_consume_token_quota_failed' } } });
    }
    await new Promise((res) => setTimeout(res, 1100));
    expect((await chat(f, t.key, { model: 'flat-model' })).status).toBe(403);
    const r = await f.root.put('/api/token/', { id: t.id, name: 'raised', remain_quota: FLAT * 2, expired_time: -1, unlimited_quota: false });
    expect(r.body.success).toBe(true);
    expect((await chat(f, t.key, { model: 'flat-model' })).status).toBe(200);
  });

  it('never overdraws when the reservation exceeds the final charge', async () => {
    // 10 × the real cost of one gpt-4o-mini call: refunds of over-reservations land later, never below zero.
    const u = await poorUser('poorer', 70);
    const results = await Promise.all(Array.from({ length: 50 }, () => chat(f, u.key).then((r) => r.status)));
    const ok = results.filter((s) => s === 200).length;
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThanOrEqual(10);
    const after = await ledger(f.gw, u.id, (v) => v.logs === ok && v.quota + v.charged === 70);
    expect(after.quota + after.charged).toBe(70);
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

    // A user who accepts unset ratios is billed at new-api's 37.5 instead; the setting change takes
    // effect on the next request (the cached user is refreshed).
    const set = await f.root.put('/api/user/setting', { notify_type: 'email', quota_warning_threshold: 1, accept_unset_model_ratio_model: true });
    expect(set.body.success).toBe(true);
    const accepted = await chat(f, t.key, { model: 'mystery-model' });
    expect(accepted.status).toBe(200);
    const [log] = await eventually(
      () => f.gw.sql<{ other: string }[]>`SELECT other FROM logs WHERE type = 2 AND model_name = 'mystery-model'`,
      (rows) => rows.length === 1,
    );
    expect(JSON.parse(log!.other)).toMatchObject({ model_ratio: 37.5 });
  });
});
