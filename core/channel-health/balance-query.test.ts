import { describe, expect, it } from 'vitest';
import { balancePlan, NOT_IMPLEMENTED, openAiBalance, readSubscription, type BalanceCall } from './balance-query.js';

function single(type: number, base = ''): BalanceCall {
  const plan = balancePlan(type, base, 'sk-x');
  if (plan.kind !== 'single') throw new Error(`expected one call, got ${plan.kind}`);
  return plan.call;
}

describe('balance queries', () => {
  it.each<[string, number, string, Record<string, string>, unknown, number]>([
    ['AIProxy totalPoints', 10, 'https://aiproxy.io/api/report/getUserOverview', { 'api-key': 'sk-x' }, { success: true, data: { totalPoints: 12.5 } }, 12.5],
    ['API2GPT total_remaining', 12, 'https://api.api2gpt.com/dashboard/billing/credit_grants', { authorization: 'Bearer sk-x' }, { total_remaining: 3, total_available: 9 }, 3],
    ['AIGC2D total_available', 13, 'https://api.aigc2d.com/dashboard/billing/credit_grants', { authorization: 'Bearer sk-x' }, { total_available: 9 }, 9],
    ['OpenRouter credits minus usage', 20, 'https://openrouter.ai/api/v1/credits', { authorization: 'Bearer sk-x' }, { data: { total_credits: 10, total_usage: 2.5 } }, 7.5],
    ['Moonshot available_balance', 25, 'https://api.moonshot.cn/v1/users/me/balance', { authorization: 'Bearer sk-x' }, { code: 0, status: true, data: { available_balance: 5 } }, 5],
    ['SiliconFlow totalBalance (text)', 40, 'https://api.siliconflow.cn/v1/user/info', { authorization: 'Bearer sk-x' }, { code: 20000, data: { totalBalance: '14.20' } }, 14.2],
    ['DeepSeek CNY total_balance', 43, 'https://api.deepseek.com/user/balance', { authorization: 'Bearer sk-x' }, { balance_infos: [{ currency: 'USD', total_balance: '1' }, { currency: 'CNY', total_balance: '8.5' }] }, 8.5],
  ])('%s', (_name, type, url, headers, body, balance) => {
    const call = single(type);
    expect(call.url).toBe(url);
    expect(call.headers).toMatchObject(headers);
    expect(call.read(body)).toBe(balance);
  });

  it.each<[string, number, unknown, string]>([
    ['AIProxy refusal', 10, { success: false, error_code: 7, message: 'no' }, 'code: 7, message: no'],
    ['SiliconFlow refusal', 40, { code: 401, message: 'bad key' }, 'code: 401, message: bad key'],
    ['DeepSeek without CNY', 43, { balance_infos: [{ currency: 'USD', total_balance: '1' }] }, 'currency CNY not found'],
    ['Moonshot refusal', 25, { code: 1, status: false, scode: '0x1' }, 'failed to update moonshot balance, status: false, code: 1, scode: 0x1'],
    ['a credit answer without the number', 13, {}, 'invalid balance response'],
  ])('%s', (_name, type, body, message) => {
    expect(() => single(type).read(body)).toThrow(message);
  });

  it("uses the channel's own base URL when it has one", () => {
    expect(single(43, 'https://relay.example/deepseek').url).toBe('https://relay.example/deepseek/user/balance');
  });

  it('answers 尚未实现 for other types, Azure included, and needs a base URL for a custom channel', () => {
    expect(balancePlan(3, '', 'k')).toEqual({ kind: 'unsupported', message: NOT_IMPLEMENTED });
    expect(balancePlan(14, '', 'k')).toEqual({ kind: 'unsupported', message: NOT_IMPLEMENTED });
    expect(balancePlan(8, '', 'k')).toEqual({ kind: 'unsupported', message: 'base URL is required' });
  });

  it("asks OpenAI for the usage of this month, or of the last 100 days without a payment method, and subtracts cents", () => {
    const plan = balancePlan(1, '', 'k');
    if (plan.kind !== 'openai') throw new Error('expected the OpenAI plan');
    expect(plan.subscriptionUrl).toBe('https://api.openai.com/v1/dashboard/billing/subscription');
    const now = new Date(2025, 2, 15);
    expect(plan.usageUrl(true, now)).toBe('https://api.openai.com/v1/dashboard/billing/usage?start_date=2025-03-01&end_date=2025-03-15');
    expect(plan.usageUrl(false, now)).toBe('https://api.openai.com/v1/dashboard/billing/usage?start_date=2024-12-05&end_date=2025-03-15');
    expect(readSubscription({ has_payment_method: true, hard_limit_usd: 120 })).toEqual({ hasPaymentMethod: true, hardLimitUsd: 120 });
    expect(openAiBalance(120, { total_usage: 2050 })).toBe(99.5);
    expect(() => readSubscription({ error: { message: 'no' } })).toThrow('missing hard_limit_usd');
  });
});
