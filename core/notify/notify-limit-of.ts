import type { Redis } from 'ioredis';
import type { Env } from '../config/env.js';
import { memoryNotifyThrottle, type NotifyLimit } from './notify-throttle.js';
import { RedisNotifyThrottle } from './redis-notify-throttle.js';

/**
 * Where a node counts its notifications, as new-api decides (CheckNotificationLimit): in Redis when it has one,
 * so every node shares the count; else in the process's memory, so several nodes on one PostgreSQL database each
 * count their own. `processLimit` is the main thread's count when this node is a relay thread.
 */
export function notifyLimitOf(
  env: Pick<Env, 'NOTIFY_LIMIT_COUNT' | 'NOTIFICATION_LIMIT_DURATION_MINUTE'>,
  redis: Redis | null,
  processLimit: NotifyLimit | null,
): NotifyLimit {
  if (redis) return new RedisNotifyThrottle(redis, env.NOTIFY_LIMIT_COUNT, env.NOTIFICATION_LIMIT_DURATION_MINUTE * 60_000);
  return processLimit ?? memoryNotifyThrottle(env);
}
