import type { AppServices } from '../app-services.js';
import { getLiveUser } from '../db/repositories/users.js';
import { getToken } from '../db/repositories/tokens.js';
import type { Exchange } from '../http/exchange.js';
import { authenticateToken } from './authenticate-token.js';
import { INBOUND } from './inbound-formats.js';
import { readApiKey } from './parse-token-key.js';
import { unexpectedRelayError } from './relay-error.js';

/** new-api's answer for an unlimited token: a hundred million dollars. */
const UNLIMITED_AMOUNT = 100_000_000;

/** The figures the OpenAI-style billing routes report: the token's (DisplayTokenStatEnabled, the default) or its owner's. */
export interface BillingFigures {
  remainQuota: number;
  usedQuota: number;
  unlimited: boolean;
  /** the token's expiry (−1: never), 0 for an owner's figures */
  expiredTime: number;
}

export interface BillingDisplay {
  inCurrency: boolean;
  quotaPerUnit: number;
}

const amountOf = (quota: number, d: BillingDisplay) => (d.inCurrency ? quota / d.quotaPerUnit : quota);

/** GET /v1/dashboard/billing/subscription (new-api's GetSubscription): the grant is what is left plus what was used. */
export function subscriptionBody(f: BillingFigures, d: BillingDisplay) {
  const amount = f.unlimited ? UNLIMITED_AMOUNT : amountOf(f.remainQuota + f.usedQuota, d);
  return {
    object: 'billing_subscription',
    has_payment_method: true,
    soft_limit_usd: amount,
    hard_limit_usd: amount,
    system_hard_limit_usd: amount,
    access_until: Math.max(0, f.expiredTime),
  };
}

/** GET /v1/dashboard/billing/usage (new-api's GetUsage): what was used, in cents as OpenAI reports it. */
export function usageBody(f: BillingFigures, d: BillingDisplay) {
  return { object: 'list', total_usage: amountOf(f.usedQuota, d) * 100 };
}

export const BILLING_ROUTES = [
  { path: '/dashboard/billing/subscription', body: subscriptionBody },
  { path: '/v1/dashboard/billing/subscription', body: subscriptionBody },
  { path: '/dashboard/billing/usage', body: usageBody },
  { path: '/v1/dashboard/billing/usage', body: usageBody },
] as const;

/**
 * The OpenAI-style billing routes that chat clients (NextChat, LobeChat and the like) call with an API key to show
 * a balance: token-authenticated as the relay, limited per IP as `/api` (new-api's dashboard group), read fresh
 * from the database with the quota leased into nodes' memory counted as the owner's. A charge reaches used_quota
 * and the lease rows in two statements of one flush, so for that moment the grant reads it twice (new-api's batch
 * mode lags 5 s the same way); the figures settle within BATCH_UPDATE_INTERVAL.
 */
export async function answerBilling(app: AppServices, ex: Exchange, body: (f: BillingFigures, d: BillingDisplay) => object): Promise<void> {
  try {
    const limit = app.apiRateLimits.global;
    if (limit && !(await limit.hit(app.clientIp(ex.req.remoteIp, ex.req.headers['x-forwarded-for'])))) return ex.send(429, '');
    const caller = await authenticateToken(app, readApiKey(ex.req.path, ex.req.query, ex.req.headers));
    let figures: BillingFigures;
    try {
      figures = await (app.options.bool('DisplayTokenStatEnabled') ? tokenFigures(app, caller.user.id, caller.token.id) : userFigures(app, caller.user.id));
    } catch (e) {
      // new-api answers a failed read with 200 and an error body
      return ex.json(200, { error: { message: e instanceof Error ? e.message : String(e), type: 'upstream_error' } });
    }
    ex.json(200, body(figures, { inCurrency: app.options.bool('DisplayInCurrencyEnabled'), quotaPerUnit: app.options.number('QuotaPerUnit') }));
  } catch (e) {
    const err = unexpectedRelayError(e);
    const { status, body: errorBody } = INBOUND.openai.errors.errorBody(err, ex.requestId);
    ex.json(status, errorBody);
  }
}

async function tokenFigures(app: AppServices, userId: number, tokenId: number): Promise<BillingFigures> {
  const t = await getToken(app.sql, userId, tokenId);
  if (!t) throw new Error('record not found');
  return { remainQuota: t.remain_quota, usedQuota: t.used_quota, unlimited: t.unlimited_quota, expiredTime: t.expired_time };
}

async function userFigures(app: AppServices, userId: number): Promise<BillingFigures> {
  const u = await app.ledger.readLeased(async (seen, leased) => {
    const row = await getLiveUser(app.sql, userId, seen);
    return row && leased(row);
  });
  if (!u) throw new Error('record not found');
  return { remainQuota: u.quota, usedQuota: u.used_quota, unlimited: false, expiredTime: 0 };
}
