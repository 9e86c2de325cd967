import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RedisFallback } from '../redis/redis-fallback.js';
import { RedisSlidingLog, sharedApiRateLimits } from './redis-sliding-log.js';
import { SlidingLogLimiter } from './sliding-log-limiter.js';

// Two connections stand for two gateway nodes sharing one Redis (the suite's, on 127.0.0.1:6379).
const nodeA = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
const nodeB = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
const prefix = `test:api-limit:${process.pid}:`;
const quiet = { warn: () => {}, info: () => {} };
const refuseAll = { hit: () => false };

afterEach(async () => {
  const keys = await nodeA.keys(`${prefix}*`);
  if (keys.length) await nodeA.del(...keys);
});
afterAll(async () => {
  await Promise.all([nodeA.quit(), nodeB.quit()]);
});

const limiter = (redis: Redis, limit: number, windowSeconds: number, now: () => number = Date.now, mark = 'GA') =>
  new RedisSlidingLog(redis, mark, limit, windowSeconds, refuseAll, new RedisFallback('test', quiet), now, prefix);

describe('RedisSlidingLog', () => {
  it('counts one address on two nodes against one limit, each address apart', async () => {
    const a = limiter(nodeA, 3, 60);
    const b = limiter(nodeB, 3, 60);
    const decisions = [await a.hit('203.0.113.1'), await b.hit('203.0.113.1'), await a.hit('203.0.113.1'), await b.hit('203.0.113.1')];
    expect(decisions).toEqual([true, true, true, false]);
    expect(await b.hit('203.0.113.2')).toBe(true);
  });

  it("writes new-api's list: its key, stamps newest first in its format, trimmed to the limit, expiring after 20 minutes", async () => {
    let clock = Date.parse('2026-01-02T03:04:05.678Z');
    const a = limiter(nodeA, 2, 180, () => clock, 'CT');
    for (let i = 0; i < 3; i++) {
      await a.hit('198.51.100.7');
      clock += 1000;
    }
    const key = `${prefix}CT198.51.100.7`;
    // the third hit was refused and recorded nothing
    expect(await nodeA.lrange(key, 0, -1)).toEqual(['2026-01-02T03:04:06.678Z', '2026-01-02T03:04:05.678Z']);
    expect(await nodeA.ttl(key)).toBeGreaterThan(1190);
    expect(await nodeA.ttl(key)).toBeLessThanOrEqual(1200);
  });

  it('keeps a list as long as a window longer than 20 minutes', async () => {
    const a = limiter(nodeA, 2, 3600);
    await a.hit('198.51.100.8');
    expect(await nodeA.ttl(`${prefix}GA198.51.100.8`)).toBeGreaterThan(3590);
  });

  it('allows again once the limit-th newest hit is a window old, not a millisecond before', async () => {
    let clock = Date.parse('2026-03-01T00:00:00.000Z');
    const a = limiter(nodeA, 2, 10, () => clock);
    expect([await a.hit('192.0.2.1'), await a.hit('192.0.2.1'), await a.hit('192.0.2.1')]).toEqual([true, true, false]);
    clock += 10_000 - 1;
    expect(await a.hit('192.0.2.1')).toBe(false);
    clock += 1;
    expect(await a.hit('192.0.2.1')).toBe(true);
    // the second newest is still a hit at 0, a window old: one more, then the newest two are both now
    expect([await a.hit('192.0.2.1'), await a.hit('192.0.2.1')]).toEqual([true, false]);
    // the same decisions as the process's own limiter, hit for hit
    const memory = new SlidingLogLimiter(2, 10);
    const at = Date.parse('2026-03-01T00:00:00.000Z');
    expect([at, at, at, at + 9_999, at + 10_000, at + 10_000, at + 10_000].map((t) => memory.hit('192.0.2.1', t))).toEqual([true, true, false, false, true, true, false]);
  });

  it('honours a list a new-api node wrote, and one written under a higher limit', async () => {
    const now = Date.parse('2026-05-05T12:00:00.000Z');
    const key = `${prefix}GA192.0.2.9`;
    // new-api LPUSHes each hit: oldest first here, newest ends up at the head
    await nodeA.lpush(key, '2026-05-05T11:59:00.000Z', '2026-05-05T11:59:30.000Z', '2026-05-05T11:59:50.000Z');
    expect(await limiter(nodeA, 3, 120, () => now).hit('192.0.2.9')).toBe(false);
    // limit 2: its second newest (11:59:30) decides, 30 s old, not the list's last (11:59:00)
    expect(await limiter(nodeA, 2, 45, () => now).hit('192.0.2.9')).toBe(false);
    expect(await limiter(nodeA, 2, 30, () => now).hit('192.0.2.9')).toBe(true);
  });

  it('lets exactly the limit through when 60 hits race from four nodes', async () => {
    const nodes = [nodeA, nodeB, new Redis('redis://127.0.0.1:6379'), new Redis('redis://127.0.0.1:6379')];
    try {
      const limiters = nodes.map((n) => limiter(n, 10, 60));
      const decisions = await Promise.all(Array.from({ length: 60 }, (_, i) => limiters[i % 4]!.hit('203.0.113.99')));
      expect(decisions.filter(Boolean)).toHaveLength(10);
      expect(await nodeA.llen(`${prefix}GA203.0.113.99`)).toBe(10);
    } finally {
      await Promise.all(nodes.slice(2).map((n) => n.quit()));
    }
  });

  it("counts in the process's own limiter while Redis cannot answer, and says so once", async () => {
    // nothing listens on port 1; offline commands fail at once instead of queueing
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    down.on('error', () => {});
    const warnings: string[] = [];
    const limits = sharedApiRateLimits(
      { GLOBAL_API_RATE_LIMIT: 2, GLOBAL_API_RATE_LIMIT_DURATION: 60, CRITICAL_RATE_LIMIT: 1, CRITICAL_RATE_LIMIT_DURATION: 60 },
      down,
      { global: new SlidingLogLimiter(2, 60), critical: null },
      { warn: (m) => warnings.push(m), info: () => {} },
    );
    expect(limits.critical).toBeNull();
    const decisions = [await limits.global!.hit('192.0.2.50'), await limits.global!.hit('192.0.2.50'), await limits.global!.hit('192.0.2.50')];
    expect(decisions).toEqual([true, true, false]);
    expect(warnings).toHaveLength(1);
    down.disconnect();
  });

  it('leaves the limits in memory without a Redis connection', () => {
    const memory = { global: new SlidingLogLimiter(2, 60), critical: new SlidingLogLimiter(1, 60) };
    const env = { GLOBAL_API_RATE_LIMIT: 2, GLOBAL_API_RATE_LIMIT_DURATION: 60, CRITICAL_RATE_LIMIT: 1, CRITICAL_RATE_LIMIT_DURATION: 60 };
    expect(sharedApiRateLimits(env, null, memory, quiet)).toBe(memory);
  });
});
