import { Redis } from 'ioredis';
import type { Logger } from '../../log/logger.js';
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
 * The limiter on Redis when REDIS_CONN_STRING is set (limits hold across nodes), else in memory. An
 * unreachable Redis stops the start, as in new-api. Afterwards commands fail fast instead of queueing
 * while it reconnects, so an outage answers `rate_limit_check_failed` rather than hanging requests.
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
  redis.on('error', (error: Error) => log.warn('redis connection error', { error: error.message }));
  await redis.connect();
  return {
    limiter: new ModelRateLimiter(options, new RedisRateLimitStore(redis), onStoreError),
    redis,
    close: async () => {
      await redis.quit();
    },
  };
}
