import { Redis } from 'ioredis';
import type { Logger } from '../../log/logger.js';
import { RedisFallback } from '../../redis/redis-fallback.js';
import { MemoryRateLimitStore } from './memory-rate-limit-store.js';
import { ModelRateLimiter } from './model-rate-limiter.js';
import type { RateLimitOptions } from './rate-limit-settings.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { RedisRateLimitStore } from './redis-rate-limit-store.js';

export interface ModelRateLimitService {
  limiter: ModelRateLimiter;
  /** the connection, when REDIS_CONN_STRING is set, for the other counts nodes share (core/notify) */
  redis: Redis | null;
  close(): Promise<void>;
}

/**
 * The limiter on Redis when REDIS_CONN_STRING is set (limits hold across nodes), else in memory. Redis
 * unreachable, at the start or later, stops nothing (new-api does not start without it, and answers 500 when it
 * goes): commands fail at once instead of queueing while the connection comes back by itself, and the counts go
 * on in `memoryStore` meanwhile (RedisFallback).
 */
export async function createModelRateLimiter(
  redisUrl: string | undefined,
  options: RateLimitOptions,
  log: Logger,
  /** without Redis: where the counts live (a relay thread passes the main thread's, so limits hold per process) */
  memoryStore: RateLimitStore = new MemoryRateLimitStore(),
): Promise<ModelRateLimitService> {
  const onStoreError = (error: unknown) => log.warn('model rate limit store failed', { error: String(error) });
  if (!redisUrl) {
    return { limiter: new ModelRateLimiter(options, memoryStore, onStoreError), redis: null, close: async () => {} };
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 2000 });
  // ioredis tries again every 2 s at most while Redis is gone: one line until it is back, not one per try
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) log.warn('redis connection error', { error: error.message });
    reported = true;
  });
  redis.on('ready', () => (reported = false));
  await redis.connect().catch((e: unknown) => log.warn('Redis is not reachable: the node starts, counting in this process until it is', { error: String(e) }));
  return {
    limiter: new ModelRateLimiter(options, fallingBack(new RedisRateLimitStore(redis), memoryStore, new RedisFallback('the model request rate limit', log)), onStoreError),
    redis,
    close: async () => {
      // QUIT needs Redis to answer: a connection it is not answering on is let go, or the stop would fail there
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}

/** The store on Redis, and the process's own while Redis cannot answer. */
function fallingBack(shared: RateLimitStore, local: RateLimitStore, fallback: RedisFallback): RateLimitStore {
  return {
    successAllowed: (u, limit, w) => fallback.run(() => shared.successAllowed(u, limit, w), () => local.successAllowed(u, limit, w)),
    recordSuccess: (u, limit, w) => fallback.run(() => shared.recordSuccess(u, limit, w), () => local.recordSuccess(u, limit, w)),
    takeRequest: (u, limit, w) => fallback.run(() => shared.takeRequest(u, limit, w), () => local.takeRequest(u, limit, w)),
  };
}
