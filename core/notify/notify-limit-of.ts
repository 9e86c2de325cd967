import type { Redis } from 'ioredis';
import type { Env } from '../config/env.js';
import type { Logger } from '../log/logger.js';
import { RedisFallback } from '../redis/redis-fallback.js';
import { memoryNotifyThrottle, type NotifyLimit } from './notify-throttle.js';
import { RedisNotifyThrottle } from './redis-notify-throttle.js';

/**
 * Where a node counts its notifications, as new-api decides (CheckNotificationLimit): in Redis when it has one,
 * so every node shares the count; else in the process's memory, so several nodes on one PostgreSQL database each
 * count their own; while Redis cannot answer, in the process's memory too (RedisFallback). `processLimit` is the
 * main thread's count when this node is a relay thread.
 */
export function notifyLimitOf(
  env: Pick<Env, 'NOTIFY_LIMIT_COUNT' | 'NOTIFICATION_LIMIT_DURATION_MINUTE'>,
  redis: Redis | null,
  processLimit: NotifyLimit | null,
  log: Pick<Logger, 'warn' | 'info'>,
): NotifyLimit {
  const local = processLimit ?? memoryNotifyThrottle(env);
  if (!redis) return local;
  const shared = new RedisNotifyThrottle(redis, env.NOTIFY_LIMIT_COUNT, env.NOTIFICATION_LIMIT_DURATION_MINUTE * 60_000);
  const fallback = new RedisFallback('the notification limit', log);
  return { allow: (userId, type) => fallback.run(() => shared.allow(userId, type), () => local.allow(userId, type)) };
}
