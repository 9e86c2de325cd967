import { z } from 'zod';
import type { BalanceEndpoint } from './provider.js';

// The providers new-api asks for a balance with one GET (spec relay.md §7.4), each read from its own JSON.

const num = z.coerce.number().catch(Number.NaN);
const decimalText = z.union([z.string(), z.number()]).transform((v) => Number(v));

const creditGrants = (host: string, field: 'total_available' | 'total_remaining'): BalanceEndpoint => ({
  kind: 'endpoint',
  host,
  path: '/dashboard/billing/credit_grants',
  auth: 'bearer',
  read: (body) => z.object({ [field]: num }).parse(body)[field]!,
});

const aiProxyBody = z.object({ success: z.boolean().catch(false), message: z.string().catch(''), error_code: num, data: z.object({ totalPoints: num }).catch({ totalPoints: Number.NaN }) });
const siliconFlowBody = z.object({ code: num, message: z.string().catch(''), data: z.object({ totalBalance: decimalText }).catch({ totalBalance: Number.NaN }) });
const deepSeekBody = z.object({ balance_infos: z.array(z.object({ currency: z.string().catch(''), total_balance: decimalText.catch(Number.NaN) })).catch([]) });
const openRouterBody = z.object({ data: z.object({ total_credits: num, total_usage: num }) });
const moonshotBody = z.object({ code: num, status: z.boolean().catch(false), scode: z.string().catch(''), data: z.object({ available_balance: num }).catch({ available_balance: Number.NaN }) });

export const AIPROXY_BALANCE: BalanceEndpoint = {
  kind: 'endpoint',
  host: 'https://aiproxy.io',
  path: '/api/report/getUserOverview',
  auth: 'api-key',
  read: (body) => {
    const r = aiProxyBody.parse(body);
    if (!r.success) throw new Error(`code: ${r.error_code}, message: ${r.message}`);
    return r.data.totalPoints;
  },
};

export const API2GPT_BALANCE = creditGrants('https://api.api2gpt.com', 'total_remaining');
export const AIGC2D_BALANCE = creditGrants('https://api.aigc2d.com', 'total_available');

export const OPENROUTER_BALANCE: BalanceEndpoint = {
  kind: 'endpoint',
  host: 'https://openrouter.ai/api',
  path: '/v1/credits',
  auth: 'bearer',
  read: (body) => {
    const { data } = openRouterBody.parse(body);
    return data.total_credits - data.total_usage;
  },
};

/** Moonshot answers CNY; it is stored as it comes, as DeepSeek's is (new-api converts it with its own rate). */
export const MOONSHOT_BALANCE: BalanceEndpoint = {
  kind: 'endpoint',
  host: 'https://api.moonshot.cn',
  path: '/v1/users/me/balance',
  auth: 'bearer',
  read: (body) => {
    const r = moonshotBody.parse(body);
    if (!r.status || r.code !== 0) throw new Error(`failed to update moonshot balance, status: ${r.status}, code: ${r.code}, scode: ${r.scode}`);
    return r.data.available_balance;
  },
};

export const SILICONFLOW_BALANCE: BalanceEndpoint = {
  kind: 'endpoint',
  host: 'https://api.siliconflow.cn',
  path: '/v1/user/info',
  auth: 'bearer',
  read: (body) => {
    const r = siliconFlowBody.parse(body);
    if (r.code !== 20000) throw new Error(`code: ${r.code}, message: ${r.message}`);
    return r.data.totalBalance;
  },
};

export const DEEPSEEK_BALANCE: BalanceEndpoint = {
  kind: 'endpoint',
  host: 'https://api.deepseek.com',
  path: '/user/balance',
  auth: 'bearer',
  read: (body) => {
    const cny = deepSeekBody.parse(body).balance_infos.find((b) => b.currency === 'CNY');
    if (!cny) throw new Error('currency CNY not found');
    return cny.total_balance;
  },
};
