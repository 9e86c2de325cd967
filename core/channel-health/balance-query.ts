import { z } from 'zod';
import { providerOf } from '../providers/registry.js';

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

function finite(n: number | undefined): number {
  if (n === undefined || !Number.isFinite(n)) throw new Error('invalid balance response');
  return n;
}

const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * How to ask a channel's provider for its balance (spec relay.md §7.4), from its registry row: OpenAI's
 * dashboard subscription and usage calls (OpenAI, custom), one provider endpoint, or not implemented.
 */
export function balancePlan(type: number, baseUrl: string, key: string): BalancePlan {
  const bearer = { authorization: `Bearer ${key}`, accept: 'application/json' };
  const provider = providerOf(type);
  const source = provider.balance;
  if (!source) return { kind: 'unsupported', message: NOT_IMPLEMENTED };
  if (source.kind === 'openai-dashboard') {
    const base = baseUrl || provider.defaultBaseUrl;
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
  const headers = source.auth === 'api-key' ? { 'api-key': key, accept: 'application/json' } : bearer;
  return { kind: 'single', call: { url: `${baseUrl || source.host}${source.path}`, headers, read: (body) => finite(source.read(body)) } };
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
