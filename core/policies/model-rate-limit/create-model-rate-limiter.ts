import type { Redis } from 'ioredis';
import type { Logger } from '../../log/logger.js';
import { RedisFallback } from '../../redis/redis-fallback.js';
import { MemoryRateLimitStore } from './memory-rate-limit-store.js';
import { ModelRateLimiter } from './model-rate-limiter.js';
import type { RateLimitOptions } from './rate-limit-settings.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { RedisRateLimitStore } from './redis-rate-limit-store.js';

/**
 * The limiter on Redis when the node has a connection (limits hold across nodes), else in memory; while Redis
 * cannot answer, the counts go on in `memoryStore` (RedisFallback) rather than refusing requests.
 */
export function createModelRateLimiter(
  redis: Redis | null,
  options: RateLimitOptions,
  log: Logger,
  /** without Redis: where the counts live (a relay thread passes the main thread's, so limits hold per process) */
  memoryStore: RateLimitStore = new MemoryRateLimitStore(),
): ModelRateLimiter {
  const onStoreError = (error: unknown) => log.warn('model rate limit store failed', { error: String(error) });
  if (!redis) return new ModelRateLimiter(options, memoryStore, onStoreError);
  return new ModelRateLimiter(options, fallingBack(new RedisRateLimitStore(redis), memoryStore, new RedisFallback('the model request rate limit', log)), onStoreError);
}

/** The store on Redis, and the process's own while Redis cannot answer. */
function fallingBack(shared: RateLimitStore, local: RateLimitStore, fallback: RedisFallback): RateLimitStore {
  return {
    successAllowed: (u, limit, w) => fallback.run(() => shared.successAllowed(u, limit, w), () => local.successAllowed(u, limit, w)),
    recordSuccess: (u, limit, w) => fallback.run(() => shared.recordSuccess(u, limit, w), () => local.recordSuccess(u, limit, w)),
    takeRequest: (u, limit, w) => fallback.run(() => shared.takeRequest(u, limit, w), () => local.takeRequest(u, limit, w)),
  };
}
