import { LRUCache } from 'lru-cache';
import { entryBound } from '../../cache/entry-bound.js';
import { slidingLogAllows, slidingLogAppend } from '../../rate-limit/sliding-log-limiter.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { type BucketState, takeFromBucket, totalRequestBucket } from './token-bucket.js';

/**
 * Single-node store. Both maps are LRUs capped at `maxUsers` whose entries expire one window after their
 * last write: by then a log has no hit inside the window and a bucket has refilled, so dropping either
 * changes no decision, and memory stays bounded however many users appear.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly successes: LRUCache<number, number[]>;
  private readonly buckets: LRUCache<number, BucketState>;

  constructor(
    maxUsers = 100_000,
    private readonly now: () => number = Date.now,
  ) {
    // ttlResolution 0: an injected clock must be read on every check, not cached for a millisecond.
    const lru = { ...entryBound(maxUsers), ttlResolution: 0, perf: { now } };
    this.successes = new LRUCache(lru);
    this.buckets = new LRUCache(lru);
  }

  async successAllowed(userId: number, limit: number, windowSeconds: number): Promise<boolean> {
    const log = this.successes.get(userId);
    return !log || slidingLogAllows(log, limit, windowSeconds * 1000, this.now());
  }

  async recordSuccess(userId: number, limit: number, windowSeconds: number): Promise<void> {
    const log = this.successes.get(userId) ?? [];
    slidingLogAppend(log, limit, this.now());
    this.successes.set(userId, log, { ttl: windowSeconds * 1000 });
  }

  async takeRequest(userId: number, limit: number, windowSeconds: number): Promise<boolean> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const { allowed, state } = takeFromBucket(this.buckets.get(userId), nowSeconds, totalRequestBucket(limit, windowSeconds));
    this.buckets.set(userId, state, { ttl: windowSeconds * 1000 });
    return allowed;
  }

  /** users currently tracked, per map (expired entries are otherwise dropped only when next touched) */
  get size(): { successes: number; buckets: number } {
    this.successes.purgeStale();
    this.buckets.purgeStale();
    return { successes: this.successes.size, buckets: this.buckets.size };
  }
}
