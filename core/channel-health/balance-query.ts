import { z } from 'zod';

/** One GET and how to read the balance from its JSON; `read` throws the provider's refusal as an Error. */
export interface BalanceCall {
  url: string;
  headers: Record<string, string>;
  read(body: unknown): number;
}

export type BalancePlan =
  | { kind: 'single'; call: BalanceCall }
  /** OpenAI's two calls: the subscription (hard limit), then the usage of the period it implies */
  | { kind: 'openai'; headers: Record<string, string>; subscriptionUrl: string; usageUrl(hasPaymentMethod: boolean, now: Date): string }
  | { kind: 'unsupported'; message: string };

/** new-api's answer for every type without a balance API (Azure included). */
export const NOT_IMPLEMENTED = '尚未实现';

const num = z.coerce.number().catch(Number.NaN);
const decimalText = z.union([z.string(), z.number()]).transform((v) => Number(v));

const creditGrants = (field: 'total_available' | 'total_remaining') => (body: unknown) => z.object({ [field]: num }).parse(body)[field]!;

const aiProxy = z.object({ success: z.boolean().catch(false), message: z.string().catch(''), error_code: num, data: z.object({ totalPoints: num }).catch({ totalPoints: Number.NaN }) });
const siliconFlow = z.object({ code: num, message: z.string().catch(''), data: z.object({ totalBalance: decimalText }).catch({ totalBalance: Number.NaN }) });
const deepSeek = z.object({ balance_infos: z.array(z.object({ currency: z.string().catch(''), total_balance: decimalText.catch(Number.NaN) })).catch([]) });
const openRouter = z.object({ data: z.object({ total_credits: num, total_usage: num }) });
const moonshot = z.object({ code: num, status: z.boolean().catch(false), scode: z.string().catch(''), data: z.object({ available_balance: num }).catch({ available_balance: Number.NaN }) });

function finite(n: number | undefined): number {
  if (n === undefined || !Number.isFinite(n)) throw new Error('invalid balance response');
  return n;
}

// Hosts new-api queries for these types; a channel's own base URL (a relay in front of the provider) wins.
const SINGLE: Readonly<Record<number, { host: string; path: string; auth?: 'api-key'; read(body: unknown): number }>> = {
  10: {
    host: 'https://aiproxy.io',
    path: '/api/report/getUserOverview',
    auth: 'api-key',
    read: (body) => {
      const r = aiProxy.parse(body);
      if (!r.success) throw new Error(`code: ${r.error_code}, message: ${r.message}`);
      return r.data.totalPoints;
    },
  },
  12: { host: 'https://api.api2gpt.com', path: '/dashboard/billing/credit_grants', read: creditGrants('total_remaining') },
  13: { host: 'https://api.aigc2d.com', path: '/dashboard/billing/credit_grants', read: creditGrants('total_available') },
  20: {
    host: 'https://openrouter.ai/api',
    path: '/v1/credits',
    read: (body) => {
      const { data } = openRouter.parse(body);
      return data.total_credits - data.total_usage;
    },
  },
  // Moonshot answers CNY; it is stored as it comes, as DeepSeek's is (new-api converts it with its own rate).
  25: {
    host: 'https://api.moonshot.cn',
    path: '/v1/users/me/balance',
    read: (body) => {
      const r = moonshot.parse(body);
      if (!r.status || r.code !== 0) throw new Error(`failed to update moonshot balance, status: ${r.status}, code: ${r.code}, scode: ${r.scode}`);
      return r.data.available_balance;
    },
  },
  40: {
    host: 'https://api.siliconflow.cn',
    path: '/v1/user/info',
    read: (body) => {
      const r = siliconFlow.parse(body);
      if (r.code !== 20000) throw new Error(`code: ${r.code}, message: ${r.message}`);
      return r.data.totalBalance;
    },
  },
  43: {
    host: 'https://api.deepseek.com',
    path: '/user/balance',
    read: (body) => {
      const cny = deepSeek.parse(body).balance_infos.find((b) => b.currency === 'CNY');
      if (!cny) throw new Error('currency CNY not found');
      return cny.total_balance;
    },
  },
};

const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * How to ask a channel's provider for its balance (spec relay.md §7.4): OpenAI (1) and custom (8) channels
 * through the dashboard subscription and usage calls, the providers above through their own endpoint, anything
 * else is not implemented.
 */
export function balancePlan(type: number, baseUrl: string, key: string): BalancePlan {
  const bearer = { authorization: `Bearer ${key}`, accept: 'application/json' };
  if (type === 1 || type === 8) {
    const base = baseUrl || (type === 1 ? 'https://api.openai.com' : '');
    if (!base) return { kind: 'unsupported', message: 'base URL is required' };
    return {
      kind: 'openai',
      headers: bearer,
      subscriptionUrl: `${base}/v1/dashboard/billing/subscription`,
      usageUrl: (hasPaymentMethod, now) => {
        const start = hasPaymentMethod ? `${ymd(now).slice(0, 7)}-01` : ymd(new Date(now.getTime() - 100 * 86_400_000));
        return `${base}/v1/dashboard/billing/usage?start_date=${start}&end_date=${ymd(now)}`;
      },
    };
  }
  const single = SINGLE[type];
  if (!single) return { kind: 'unsupported', message: NOT_IMPLEMENTED };
  const headers = single.auth === 'api-key' ? { 'api-key': key, accept: 'application/json' } : bearer;
  return { kind: 'single', call: { url: `${baseUrl || single.host}${single.path}`, headers, read: (body) => finite(single.read(body)) } };
}

const subscription = z.object({ has_payment_method: z.boolean().catch(false), hard_limit_usd: num.optional(), error: z.unknown().optional() });
const usage = z.object({ total_usage: num.optional(), error: z.unknown().optional() });

export function readSubscription(body: unknown): { hasPaymentMethod: boolean; hardLimitUsd: number } {
  const s = subscription.parse(body);
  if ((s.error !== undefined && s.error !== null) || s.hard_limit_usd === undefined || !Number.isFinite(s.hard_limit_usd)) {
    throw new Error('upstream subscription response failed or is missing hard_limit_usd');
  }
  return { hasPaymentMethod: s.has_payment_method, hardLimitUsd: s.hard_limit_usd };
}

/** hard_limit_usd minus total_usage, which OpenAI reports in cents. */
export function openAiBalance(hardLimitUsd: number, usageBody: unknown): number {
  const u = usage.parse(usageBody);
  if ((u.error !== undefined && u.error !== null) || u.total_usage === undefined || !Number.isFinite(u.total_usage)) {
    throw new Error('upstream usage response failed or is missing total_usage');
  }
  return hardLimitUsd - u.total_usage / 100;
}
