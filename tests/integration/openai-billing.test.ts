import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type ConsoleClient } from '../support/console-client.js';
import { addChannel, addToken, priceModels, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { seedUser } from '../support/seed-rows.js';

// The OpenAI-style billing routes chat clients call with an API key to show a balance (new-api's router/dashboard.go).
describe('GET /v1/dashboard/billing/subscription and /usage', () => {
  let f: RelayFixture;
  let user: ConsoleClient;
  let key: string;
  /** what the token's one chat was charged */
  let used = 0;

  const billing = async (path: string, apiKey = key, headers: Record<string, string> = {}) => {
    const r = await fetch(`${f.gw.url}${path}`, { headers: { authorization: `Bearer ${apiKey}`, ...headers } });
    return { status: r.status, headers: r.headers, body: (await r.json()) as Record<string, unknown> };
  };
  const setOption = async (k: string, value: string) => expect((await f.root.put('/api/option/', { key: k, value })).body.success).toBe(true);
  const chat = (apiKey: string) =>
    fetch(`${f.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] }),
    });

  beforeAll(async () => {
    f = await startRelayFixture({ GLOBAL_API_RATE_LIMIT_ENABLE: 'true', GLOBAL_API_RATE_LIMIT: '100', GLOBAL_API_RATE_LIMIT_DURATION: '60' });
    await addChannel(f);
    await priceModels(f.root, ['gpt-4o-mini']);
    user = await seedUser(f.gw, { username: 'billing-user', quota: 2_000_000 });
    ({ key } = await addToken(user, { remain_quota: 500_000, unlimited_quota: false }));
  });
  afterAll(() => f?.stop());

  it("reports a token's grant and use in dollars, the quota leased by a chat still counted as the token's", async () => {
    const before = await billing('/v1/dashboard/billing/subscription');
    expect(before).toMatchObject({ status: 200 });
    expect(before.body).toEqual({ object: 'billing_subscription', has_payment_method: true, soft_limit_usd: 1, hard_limit_usd: 1, system_hard_limit_usd: 1, access_until: 0 });
    expect((await billing('/v1/dashboard/billing/usage')).body).toEqual({ object: 'list', total_usage: 0 });

    expect((await chat(key)).status).toBe(200);
    const logged = await eventually(() => f.gw.sql<{ charged: number }[]>`SELECT COALESCE(sum(quota), 0)::int AS charged FROM logs WHERE type = 2`, ([r]) => r!.charged > 0);
    const charged = logged[0]!.charged;
    // in cents of a dollar of 500 000 quota
    const usage = await eventually(() => billing('/dashboard/billing/usage'), (r) => r.body.total_usage !== 0);
    expect(usage.body).toEqual({ object: 'list', total_usage: (charged / 500_000) * 100 });
    used = charged;
    // what the token has left (a slice of it leased into the gateway's memory included) plus what it used; a charge
    // reaches used_quota and the lease row in two statements of one flush, so the sum settles within a tick
    const grant = await eventually(() => billing('/dashboard/billing/subscription'), (r) => r.body.hard_limit_usd === 1);
    expect(grant.body.hard_limit_usd).toBe(1);
    const leased = await f.gw.sql<{ amount: number }[]>`SELECT amount FROM quota_leases WHERE kind = 't'`;
    expect(leased.length).toBeGreaterThan(0);
  });

  it('answers a hundred million for an unlimited token, and the expiry of a token that has one', async () => {
    const { key: unlimited } = await addToken(user, { unlimited_quota: true });
    expect((await billing('/v1/dashboard/billing/subscription', unlimited)).body).toMatchObject({ soft_limit_usd: 100_000_000, access_until: 0 });
    const expires = Math.floor(Date.now() / 1000) + 86_400;
    const { key: expiring } = await addToken(user, { remain_quota: 250_000, expired_time: expires });
    expect((await billing('/v1/dashboard/billing/subscription', expiring)).body).toMatchObject({ hard_limit_usd: 0.5, access_until: expires });
  });

  it("reports the owner's balance with DisplayTokenStatEnabled off, and quota with DisplayInCurrencyEnabled off", async () => {
    await setOption('DisplayTokenStatEnabled', 'false');
    try {
      // 2 000 000 granted: what is left (leased slices included) plus what the chat used
      const sub = await eventually(() => billing('/v1/dashboard/billing/subscription'), (r) => r.body.soft_limit_usd === 4);
      expect(sub.body).toMatchObject({ soft_limit_usd: 4, access_until: 0 });
      await setOption('DisplayInCurrencyEnabled', 'false');
      expect((await billing('/v1/dashboard/billing/subscription')).body.soft_limit_usd).toBe(2_000_000);
      expect((await billing('/v1/dashboard/billing/usage')).body.total_usage).toBe(used * 100);
    } finally {
      await setOption('DisplayTokenStatEnabled', 'true');
      await setOption('DisplayInCurrencyEnabled', 'true');
    }
  });

  it('refuses a missing or unknown key in the OpenAI error envelope', async () => {
    const none = await fetch(`${f.gw.url}/v1/dashboard/billing/subscription`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { message: string } }).error.message).toMatch(/^未提供令牌/);
    const unknown = await billing('/dashboard/billing/usage', 'sk-nobodyhasthiskeyxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx');
    expect(unknown.status).toBe(401);
    expect((unknown.body.error as { message: string }).message).toMatch(/^无效的令牌/);
  });

  it('answers browsers across origins, preflight included', async () => {
    const r = await billing('/v1/dashboard/billing/usage', key, { origin: 'https://chat.example' });
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await fetch(`${f.gw.url}/dashboard/billing/subscription`, { method: 'OPTIONS', headers: { origin: 'https://chat.example', 'access-control-request-method': 'GET' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it("counts against the address's /api limit, as new-api's dashboard routes do", async () => {
    const hit = () => fetch(`${f.gw.url}/v1/dashboard/billing/usage`, { headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': '203.0.113.77' } });
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) statuses.push((await hit()).status);
    expect(statuses.slice(0, 100).every((s) => s === 200)).toBe(true);
    const refused = await hit();
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe('');
    expect(statuses[100]).toBe(429);
  });
});
