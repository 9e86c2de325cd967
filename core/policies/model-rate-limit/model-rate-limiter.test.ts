import { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { optionsWith } from '../options-with.js';
import { MemoryRateLimitStore } from './memory-rate-limit-store.js';
import { ModelRateLimiter, type RateLimitDecision } from './model-rate-limiter.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { RedisRateLimitStore } from './redis-rate-limit-store.js';

const TOTAL_3 = '您已达到总请求数限制：1分钟内最多请求3次，包括失败次数，请检查您的请求是否正确';
const SUCCESS_2 = '您已达到请求数限制：1分钟内最多请求2次';
const ok: RateLimitDecision = { allowed: true };
const refused = (message: string): RateLimitDecision => ({ allowed: false, status: 429, message });

const options = (values: Record<string, string>) => optionsWith({ ModelRequestRateLimitEnabled: 'true', ...values });

/** check, then record the outcome, as the pipeline will */
async function request(limiter: ModelRateLimiter, userId: number, group: string, succeeds: boolean): Promise<RateLimitDecision> {
  const decision = await limiter.check(userId, group);
  if (decision.allowed) await limiter.record(userId, group, succeeds);
  return decision;
}

const redisClients: Redis[] = [];
afterAll(async () => {
  await Promise.all(redisClients.map((r) => r.quit()));
});

let clock = 1_700_000_000_000;
let prefix = '';
beforeEach(() => {
  clock = 1_700_000_000_000;
  prefix = `test:mrrl:${process.pid}:${Math.random().toString(36).slice(2)}:`;
});

const stores: Array<[string, () => RateLimitStore]> = [
  ['memory', () => new MemoryRateLimitStore(1000, () => clock)],
  [
    'redis',
    () => {
      const redis = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
      redisClients.push(redis);
      return new RedisRateLimitStore(redis, prefix, () => clock);
    },
  ],
];

describe.each(stores)('ModelRateLimiter on the %s store', (_name, makeStore) => {
  afterAll(async () => {
    const redis = redisClients[0];
    if (!redis) return;
    const keys = await redis.keys(`test:mrrl:${process.pid}:*`);
    if (keys.length) await redis.del(...keys);
  });

  it('refuses the fourth request of three in a minute with new-api message, and counts failures', async () => {
    const limiter = new ModelRateLimiter(options({ ModelRequestRateLimitCount: '3' }), makeStore());
    const outcomes = [true, false, true, true];
    const decisions = [];
    for (const succeeds of outcomes) decisions.push(await request(limiter, 7, 'default', succeeds));
    expect(decisions).toEqual([ok, ok, ok, refused(TOTAL_3)]);
    expect(await limiter.check(8, 'default')).toEqual(ok);
  });

  it('counts only successes toward the success limit, and a refusal there spends no request budget', async () => {
    const limiter = new ModelRateLimiter(options({ ModelRequestRateLimitCount: '0', ModelRequestRateLimitSuccessCount: '2' }), makeStore());
    for (let i = 0; i < 5; i++) expect(await request(limiter, 7, 'default', false)).toEqual(ok);
    expect(await request(limiter, 7, 'default', true)).toEqual(ok);
    expect(await request(limiter, 7, 'default', true)).toEqual(ok);
    expect(await limiter.check(7, 'default')).toEqual(refused(SUCCESS_2));

    const store = makeStore();
    const both = new ModelRateLimiter(options({ ModelRequestRateLimitCount: '3', ModelRequestRateLimitSuccessCount: '1' }), store);
    expect(await request(both, 9, 'default', true)).toEqual(ok);
    for (let i = 0; i < 3; i++) expect(await both.check(9, 'default')).toEqual(refused('您已达到请求数限制：1分钟内最多请求1次'));
    // Two of the bucket's three requests are left: the refusals took none.
    const takes = [];
    for (let i = 0; i < 3; i++) takes.push(await store.takeRequest(9, 3, 60));
    expect(takes).toEqual([true, true, false]);
  });

  it('applies a group entry instead of the global numbers', async () => {
    const store = makeStore();
    const limiter = new ModelRateLimiter(options({ ModelRequestRateLimitCount: '3', ModelRequestRateLimitGroup: '{"vip":[5,100]}' }), store);
    const allowed = async (userId: number, group: string) => {
      let n = 0;
      while ((await request(limiter, userId, group, true)).allowed && n < 10) n++;
      return n;
    };
    expect(await allowed(1, 'vip')).toBe(5);
    expect(await allowed(2, 'default')).toBe(3);
    expect(await limiter.check(1, 'vip')).toEqual(refused('您已达到总请求数限制：1分钟内最多请求5次，包括失败次数，请检查您的请求是否正确'));
  });

  it('touches no store when the limit is off', async () => {
    const store = makeStore();
    const limiter = new ModelRateLimiter(options({ ModelRequestRateLimitEnabled: 'false', ModelRequestRateLimitCount: '1' }), store);
    for (let i = 0; i < 3; i++) expect(await request(limiter, 7, 'default', true)).toEqual(ok);
    expect(await store.takeRequest(7, 1, 60)).toBe(true);
  });
});

describe('ModelRateLimiter windows (injected clock, memory store)', () => {
  it('lets a user in again once the window has passed', async () => {
    const limiter = new ModelRateLimiter(
      options({ ModelRequestRateLimitCount: '3', ModelRequestRateLimitSuccessCount: '2' }),
      new MemoryRateLimitStore(1000, () => clock),
    );
    expect(await request(limiter, 7, 'default', true)).toEqual(ok);
    clock += 30_000;
    expect(await request(limiter, 7, 'default', true)).toEqual(ok);
    expect(await limiter.check(7, 'default')).toEqual(refused(SUCCESS_2));
    clock += 29_999;
    expect(await limiter.check(7, 'default')).toEqual(refused(SUCCESS_2));
    clock += 1;
    expect(await request(limiter, 7, 'default', true)).toEqual(ok);
  });

  it('answers 500 rate_limit_check_failed when its store fails (a Redis store falls back to the process\'s first)', async () => {
    const failing: RateLimitStore = {
      successAllowed: () => Promise.reject(new Error('down')),
      recordSuccess: () => Promise.reject(new Error('down')),
      takeRequest: () => Promise.reject(new Error('down')),
    };
    const errors: unknown[] = [];
    const limiter = new ModelRateLimiter(options({}), failing, (e) => errors.push(e));
    expect(await limiter.check(7, 'default')).toEqual({ allowed: false, status: 500, message: 'rate_limit_check_failed' });
    await limiter.record(7, 'default', true);
    expect(errors).toHaveLength(2);
  });
});

describe('ModelRateLimiter.enabled', () => {
  it.each([
    ['true', true],
    ['false', false],
  ])('ModelRequestRateLimitEnabled %s → %s', (value, expected) => {
    expect(new ModelRateLimiter(optionsWith({ ModelRequestRateLimitEnabled: value }), new MemoryRateLimitStore()).enabled()).toBe(expected);
  });
});
