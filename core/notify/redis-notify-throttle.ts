import type { Redis } from 'ioredis';
import { notifyHour, type NotifyLimit } from './notify-throttle.js';

/**
 * The notification limit every node shares when REDIS_CONN_STRING is set, on new-api's key
 * `notify_limit:<uid>:<type>:<YYYYMMDDHH>` expiring NOTIFICATION_LIMIT_DURATION_MINUTE after it was created.
 * new-api reads, then sets or increments, so two nodes at once can both pass the last slot; here the key is
 * created with its expiry and incremented in one MULTI. A Redis error is thrown (notifyLimitOf counts in memory then).
 */
export class RedisNotifyThrottle implements NotifyLimit {
  constructor(
    private readonly redis: Redis,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly prefix = 'notify_limit:',
    private readonly now: () => number = Date.now,
  ) {}

  async allow(userId: number, type: string): Promise<boolean> {
    const key = `${this.prefix}${userId}:${type}:${notifyHour(this.now())}`;
    const replies = await this.redis.multi().set(key, 0, 'PX', this.windowMs, 'NX').incr(key).exec();
    const [error, count] = replies?.[1] ?? [new Error('notification limit: the Redis transaction was aborted'), null];
    if (error) throw error;
    return Number(count) <= this.limit;
  }
}
