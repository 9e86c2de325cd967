import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { optionsWith } from '../options-with.js';
import { ModelRateLimiter } from './model-rate-limiter.js';
import { RedisRateLimitStore } from './redis-rate-limit-store.js';

// Two connections stand for two gateway nodes sharing one Redis.
const nodeA = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
const nodeB = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
const prefix = `test:mrrl-store:${process.pid}:`;

afterEach(async () => {
  const keys = await nodeA.keys(`${prefix}*`);
  if (keys.length) await nodeA.del(...keys);
});
afterAll(async () => {
  await Promise.all([nodeA.quit(), nodeB.quit()]);
});

describe('RedisRateLimitStore', () => {
  it('shares one budget between two nodes', async () => {
    const opts = optionsWith({ ModelRequestRateLimitEnabled: 'true', ModelRequestRateLimitCount: '3', ModelRequestRateLimitSuccessCount: '1000' });
    const a = new ModelRateLimiter(opts, new RedisRateLimitStore(nodeA, prefix));
    const b = new ModelRateLimiter(opts, new RedisRateLimitStore(nodeB, prefix));
    const decisions = [await a.check(5, 'default'), await b.check(5, 'default'), await a.check(5, 'default'), await b.check(5, 'default')];
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
  });

  it('shares the success log: successes recorded on one node refuse on the other', async () => {
    const opts = optionsWith({ ModelRequestRateLimitEnabled: 'true', ModelRequestRateLimitCount: '0', ModelRequestRateLimitSuccessCount: '2' });
    const a = new ModelRateLimiter(opts, new RedisRateLimitStore(nodeA, prefix));
    const b = new ModelRateLimiter(opts, new RedisRateLimitStore(nodeB, prefix));
    await a.record(5, 'default', true);
    await a.record(5, 'default', true);
    expect(await b.check(5, 'default')).toEqual({ allowed: false, status: 429, message: '您已达到请求数限制：1分钟内最多请求2次' });
  });

  it("keeps new-api's keys and timestamp format, trimmed to the limit, expiring after the window", async () => {
    let clock = Date.parse('2026-01-02T03:04:05.678Z');
    const store = new RedisRateLimitStore(nodeA, prefix, () => clock);
    for (let i = 0; i < 3; i++) {
      await store.recordSuccess(5, 2, 60);
      clock += 1000;
    }
    await store.takeRequest(5, 3, 60);
    expect(await nodeA.lrange(`${prefix}MRRLS:5`, 0, -1)).toEqual(['2026-01-02T03:04:07.678Z', '2026-01-02T03:04:06.678Z']);
    expect(await nodeA.ttl(`${prefix}MRRLS:5`)).toBeGreaterThan(55);
    expect(await nodeA.hget(`${prefix}5`, 'tokens')).toBe('120');
    expect(await nodeA.ttl(`${prefix}5`)).toBeGreaterThan(55);
  });

  it('decides by the limit-th newest success, so a lowered limit applies at once', async () => {
    let clock = 1_700_000_000_000;
    const store = new RedisRateLimitStore(nodeA, prefix, () => clock);
    await store.recordSuccess(5, 10, 60);
    clock += 59_000;
    for (let i = 0; i < 2; i++) await store.recordSuccess(5, 10, 60);
    expect(await store.successAllowed(5, 3, 60)).toBe(false);
    clock += 1000;
    expect(await store.successAllowed(5, 3, 60)).toBe(true);
    expect(await store.successAllowed(5, 2, 60)).toBe(false);
  });
});
