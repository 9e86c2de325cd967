import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { notifyLimitOf } from './notify-limit-of.js';
import { notifyHour } from './notify-throttle.js';
import { RedisNotifyThrottle } from './redis-notify-throttle.js';

// Two connections stand for two gateway nodes sharing one Redis.
const nodeA = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
const nodeB = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
const prefix = `test:notify-limit:${process.pid}:`;
const WINDOW_MS = 10 * 60_000;

afterEach(async () => {
  const keys = await nodeA.keys(`${prefix}*`);
  if (keys.length) await nodeA.del(...keys);
});
afterAll(async () => {
  await Promise.all([nodeA.quit(), nodeB.quit()]);
});

describe('RedisNotifyThrottle', () => {
  it('shares one count between nodes, even when they ask at once', async () => {
    const a = new RedisNotifyThrottle(nodeA, 2, WINDOW_MS, prefix);
    const b = new RedisNotifyThrottle(nodeB, 2, WINDOW_MS, prefix);
    const decisions = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).allow(7, 'quota_exceed')));
    expect(decisions.filter(Boolean)).toHaveLength(2);
    // another user and another type have their own count
    expect(await a.allow(8, 'quota_exceed')).toBe(true);
    expect(await b.allow(7, 'channel_update_3_2')).toBe(true);
  });

  it("keeps new-api's key, expiring the window after the first notice", async () => {
    const now = new Date(2026, 0, 2, 3, 4, 5).getTime();
    const t = new RedisNotifyThrottle(nodeA, 2, WINDOW_MS, prefix, () => now);
    await t.allow(5, 'quota_exceed');
    await t.allow(5, 'quota_exceed');
    const key = `${prefix}5:quota_exceed:${notifyHour(now)}`;
    expect(key.endsWith(':5:quota_exceed:2026010203')).toBe(true);
    expect(await nodeA.get(key)).toBe('2');
    // the second notice did not push the expiry back
    const ttl = await nodeA.pttl(key);
    expect(ttl).toBeGreaterThan(WINDOW_MS - 5000);
    expect(ttl).toBeLessThanOrEqual(WINDOW_MS);
    await nodeA.pexpire(key, 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(await t.allow(5, 'quota_exceed')).toBe(true);
  });

  it('throws when Redis fails, and the node then counts in its own memory (notifyLimitOf)', async () => {
    const broken = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    const t = new RedisNotifyThrottle(broken, 2, WINDOW_MS, prefix);
    await expect(t.allow(5, 'quota_exceed')).rejects.toThrow();
    const warnings: string[] = [];
    const limit = notifyLimitOf({ NOTIFY_LIMIT_COUNT: 2, NOTIFICATION_LIMIT_DURATION_MINUTE: 10 }, broken, null, { warn: (m) => warnings.push(m), info: () => {} });
    expect([await limit.allow(5, 'quota_exceed'), await limit.allow(5, 'quota_exceed'), await limit.allow(5, 'quota_exceed')]).toEqual([true, true, false]);
    expect(warnings).toEqual(['the notification limit cannot reach Redis; counting in this process until it answers']);
    broken.disconnect();
  });
});
