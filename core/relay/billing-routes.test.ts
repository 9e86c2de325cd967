import { describe, expect, it } from 'vitest';
import { subscriptionBody, usageBody, type BillingFigures } from './billing-routes.js';

const dollars = { inCurrency: true, quotaPerUnit: 500_000 };
const quota = { inCurrency: false, quotaPerUnit: 500_000 };
const figures = (f: Partial<BillingFigures> = {}): BillingFigures => ({ remainQuota: 400_000, usedQuota: 100_000, unlimited: false, expiredTime: -1, ...f });

describe('OpenAI-style billing bodies (new-api GetSubscription, GetUsage)', () => {
  it.each([
    ['left plus used, in dollars', figures(), dollars, 1, 0],
    ['in quota when the console shows quota', figures(), quota, 500_000, 0],
    ['a hundred million for an unlimited token', figures({ unlimited: true }), dollars, 100_000_000, 0],
    ['the expiry of a token that has one', figures({ expiredTime: 1_900_000_000 }), dollars, 1, 1_900_000_000],
    ['nothing granted yet', figures({ remainQuota: 0, usedQuota: 0 }), dollars, 0, 0],
    ['a balance gone below zero by a charge', figures({ remainQuota: -50_000, usedQuota: 100_000 }), dollars, 0.1, 0],
  ])('subscription: %s', (_, f, d, amount, until) => {
    expect(subscriptionBody(f, d)).toEqual({
      object: 'billing_subscription',
      has_payment_method: true,
      soft_limit_usd: amount,
      hard_limit_usd: amount,
      system_hard_limit_usd: amount,
      access_until: until,
    });
  });

  it.each([
    ['in cents of a dollar', figures(), dollars, 20],
    ['in hundredths of quota when the console shows quota', figures(), quota, 10_000_000],
    ['as Go rounds the same float arithmetic', figures({ usedQuota: 12_345 }), dollars, (12_345 / 500_000) * 100],
    ['an unlimited token too', figures({ unlimited: true, usedQuota: 250_000 }), dollars, 50],
  ])('usage: %s', (_, f, d, cents) => {
    expect(usageBody(f, d)).toEqual({ object: 'list', total_usage: cents });
  });
});
