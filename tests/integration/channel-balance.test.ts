import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupRoot, type ConsoleClient } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';

// GET /api/channel/update_balance/:id and /api/channel/update_balance (spec relay.md §7.4, issue 10 item 5)
// against a fake provider that answers each provider's balance endpoint under a path prefix (the channel's
// base URL), and records what it was asked.

interface Asked {
  path: string;
  authorization: string;
}

/** Balance endpoints by base-URL prefix: /openai, /deepseek, /zero (DeepSeek with nothing left), /openrouter, /siliconflow, /moonshot, /denied. */
function startProvider(): Promise<{ base: string; asked: Asked[]; server: Server }> {
  const asked: Asked[] = [];
  const answers: Record<string, unknown> = {
    '/openai/v1/dashboard/billing/subscription': { object: 'billing_subscription', has_payment_method: true, hard_limit_usd: 100 },
    '/openai/v1/dashboard/billing/usage': { object: 'list', total_usage: 1234 },
    '/deepseek/user/balance': { is_available: true, balance_infos: [{ currency: 'USD', total_balance: '1.00' }, { currency: 'CNY', total_balance: '110.25', granted_balance: '0.00', topped_up_balance: '110.25' }] },
    '/zero/user/balance': { is_available: false, balance_infos: [{ currency: 'CNY', total_balance: '0.00' }] },
    '/openrouter/v1/credits': { data: { total_credits: 25, total_usage: 5.5 } },
    '/siliconflow/v1/user/info': { code: 20000, message: 'OK', status: true, data: { totalBalance: '14.5' } },
    '/moonshot/v1/users/me/balance': { code: 0, data: { available_balance: 49.5, voucher_balance: 0, cash_balance: 49.5 }, scode: '0x0', status: true },
  };
  const server = createServer((req: IncomingMessage, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    asked.push({ path: req.url ?? '', authorization: String(req.headers.authorization ?? '') });
    const answer = answers[path];
    res.writeHead(answer ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer ?? { error: { message: 'Incorrect API key provided: sk-secret-key', type: 'invalid_request_error' } }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ base: `http://127.0.0.1:${(server.address() as { port: number }).port}`, asked, server })));
}

describe('channel balances', () => {
  let gw: TestGateway;
  let root: ConsoleClient;
  let provider: Awaited<ReturnType<typeof startProvider>>;

  async function channel(type: number, prefix: string, key = 'sk-balance-key'): Promise<number> {
    const name = `cb-${Math.random().toString(36).slice(2, 8)}`;
    const r = await root.post('/api/channel/', { mode: 'single', channel: { type, key, models: 'gpt-4o-mini', group: 'default', base_url: `${provider.base}${prefix}`, name } });
    if (!r.body.success) throw new Error(`channel create failed: ${r.body.message}`);
    return (await gw.sql<{ id: number }[]>`SELECT id FROM channels WHERE name = ${name}`)[0]!.id;
  }
  const stored = async (id: number) => (await gw.sql<{ balance: number; balance_updated_time: number; status: number; other_info: string }[]>`SELECT balance, balance_updated_time, status, other_info FROM channels WHERE id = ${id}`)[0]!;

  beforeAll(async () => {
    [gw, provider] = await Promise.all([startGateway(), startProvider()]);
    root = await setupRoot(gw);
  });
  afterAll(async () => {
    provider?.server.close();
    await gw?.stop();
  });

  it.each<[string, number, string, number, string]>([
    ['OpenAI: hard limit minus usage (cents)', 1, '/openai', 87.66, '/openai/v1/dashboard/billing/subscription'],
    ['DeepSeek: the CNY total', 43, '/deepseek', 110.25, '/deepseek/user/balance'],
    ['OpenRouter: credits minus usage', 20, '/openrouter', 19.5, '/openrouter/v1/credits'],
    ['SiliconFlow: totalBalance', 40, '/siliconflow', 14.5, '/siliconflow/v1/user/info'],
    ['Moonshot: available_balance', 25, '/moonshot', 49.5, '/moonshot/v1/users/me/balance'],
  ])('%s, stored with its time', async (_name, type, prefix, balance, firstPath) => {
    const id = await channel(type, prefix);
    provider.asked.length = 0;
    const r = await root.get(`/api/channel/update_balance/${id}`);
    expect(r.body).toEqual({ success: true, message: '', balance });
    expect(provider.asked[0]).toEqual({ path: firstPath, authorization: 'Bearer sk-balance-key' });
    const s = await stored(id);
    expect(s.balance).toBeCloseTo(balance, 6);
    expect(s.balance_updated_time).toBeGreaterThan(0);
  });

  it("asks OpenAI for this month's usage when the account has a payment method", async () => {
    const id = await channel(1, '/openai');
    provider.asked.length = 0;
    await root.get(`/api/channel/update_balance/${id}`);
    const now = new Date();
    const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
    expect(provider.asked[1]!.path).toMatch(new RegExp(`^/openai/v1/dashboard/billing/usage\\?start_date=${month}-01&end_date=${month}-\\d\\d$`));
  });

  it("answers 尚未实现 for a type without a balance API and the provider's refusal otherwise, storing nothing", async () => {
    const azure = await channel(3, '/azure');
    expect((await root.get(`/api/channel/update_balance/${azure}`)).body).toEqual({ success: false, message: '尚未实现' });
    const denied = await channel(43, '/denied', 'sk-secret-key');
    expect((await root.get(`/api/channel/update_balance/${denied}`)).body).toEqual({ success: false, message: 'status code: 401' });
    expect((await stored(denied)).balance_updated_time).toBe(0);
    expect((await root.get('/api/channel/update_balance/999999')).body).toEqual({ success: false, message: '渠道不存在' });
  });

  it('updates every enabled channel and auto-disables one with nothing left (余额不足), only when allowed', async () => {
    const healthy = await channel(43, '/deepseek');
    const empty = await channel(43, '/zero');
    const protectedEmpty = await channel(43, '/zero');
    await gw.sql`UPDATE channels SET auto_ban = 0 WHERE id = ${protectedEmpty}`;
    expect((await root.put('/api/option/', { key: 'AutomaticDisableChannelEnabled', value: 'true' })).body.success).toBe(true);

    expect((await root.get('/api/channel/update_balance')).body).toEqual({ success: true, message: '' });
    expect((await stored(healthy)).balance).toBeCloseTo(110.25, 6);
    expect((await stored(healthy)).status).toBe(1);
    const e = await stored(empty);
    expect(e.status).toBe(3);
    expect(JSON.parse(e.other_info)).toMatchObject({ status_reason: '余额不足' });
    expect((await stored(protectedEmpty)).status).toBe(1);
    expect((await stored(protectedEmpty)).balance_updated_time).toBeGreaterThan(0);
    const enabled = await gw.sql<{ enabled: boolean }[]>`SELECT enabled FROM abilities WHERE channel_id = ${empty}`;
    expect(enabled.length).toBeGreaterThan(0);
    expect(enabled.every((a) => !a.enabled)).toBe(true);
  });
});
