import type { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit-store.js';
import { totalRequestBucket } from './token-bucket.js';

// takeFromBucket (token-bucket.ts) in Lua, on Redis's clock so every node ages buckets alike. Field
// names are new-api's, so a fleet mixing both gateways during a migration shares one budget. The key
// expires after a window idle: the bucket is full again by then (new-api leaves it forever).
const TAKE_REQUEST = `
local cost = tonumber(ARGV[1])
local refill = tonumber(ARGV[2])
local capacity = tonumber(ARGV[3])
local now = tonumber(redis.call('TIME')[1])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'last_time')
local tokens = tonumber(state[1])
local last = tonumber(state[2])
if tokens == nil or last == nil then
  tokens = capacity
else
  tokens = math.min(capacity, tokens + math.max(0, now - last) * refill)
end
local allowed = 0
if tokens >= cost then
  tokens = tokens - cost
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tokens, 'last_time', now)
redis.call('EXPIRE', KEYS[1], ARGV[4])
return allowed`;

// new-api's LPUSH / LTRIM / EXPIRE after a success, as one step so concurrent records cannot interleave.
const RECORD_SUCCESS = `
redis.call('LPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], 0, tonumber(ARGV[2]) - 1)
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1`;

interface RateLimitScripts {
  ferrymanTakeRequest(key: string, cost: number, refill: number, capacity: number, ttlSeconds: number): Promise<number>;
  ferrymanRecordSuccess(key: string, stamp: string, limit: number, ttlSeconds: number): Promise<number>;
}

/**
 * The store every node shares, on new-api's keys: `rateLimit:MRRLS:<user>` holds success times newest
 * first as `2006-01-02T15:04:05.000Z` strings, `rateLimit:<user>` the total-request bucket. ioredis runs
 * the scripts by SHA and reloads them after a Redis restart.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis & RateLimitScripts;

  constructor(
    redis: Redis,
    private readonly prefix = 'rateLimit:',
    private readonly now: () => number = Date.now,
  ) {
    redis.defineCommand('ferrymanTakeRequest', { numberOfKeys: 1, lua: TAKE_REQUEST });
    redis.defineCommand('ferrymanRecordSuccess', { numberOfKeys: 1, lua: RECORD_SUCCESS });
    this.redis = redis as Redis & RateLimitScripts;
  }

  async successAllowed(userId: number, limit: number, windowSeconds: number): Promise<boolean> {
    // The limit-th newest success decides, not the list's last element as in new-api: after an admin
    // lowers the limit the list still holds the old, longer history until the next success trims it.
    const stamp = await this.redis.lindex(this.successKey(userId), limit - 1);
    if (stamp === null) return true;
    const at = Date.parse(stamp);
    return Number.isNaN(at) || this.now() - at >= windowSeconds * 1000;
  }

  async recordSuccess(userId: number, limit: number, windowSeconds: number): Promise<void> {
    await this.redis.ferrymanRecordSuccess(this.successKey(userId), new Date(this.now()).toISOString(), limit, windowSeconds);
  }

  async takeRequest(userId: number, limit: number, windowSeconds: number): Promise<boolean> {
    const bucket = totalRequestBucket(limit, windowSeconds);
    const allowed = await this.redis.ferrymanTakeRequest(`${this.prefix}${userId}`, bucket.cost, bucket.refillPerSecond, bucket.capacity, windowSeconds);
    return allowed === 1;
  }

  private successKey(userId: number): string {
    return `${this.prefix}MRRLS:${userId}`;
  }
}
