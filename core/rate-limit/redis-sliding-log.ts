import type { Redis } from 'ioredis';
import type { ApiRateLimit, AppServices } from '../app-services.js';
import type { Env } from '../config/env.js';
import type { Logger } from '../log/logger.js';
import { RedisFallback } from '../redis/redis-fallback.js';

/** new-api's RateLimitKeyExpirationDuration: a list not hit for 20 minutes goes. */
const KEY_TTL_SECONDS = 20 * 60;

// new-api's sliding log on its Redis list, decided and recorded in one step. new-api reads the length, then the
// oldest stamp, then pushes, so concurrent hits from several nodes could all pass at the edge of the limit; here
// they cannot. Its stamps (`2006-01-02T15:04:05.000Z`, UTC) sort as the times they stand for, so the script
// compares them as strings against the window's start and parses no date. The limit-th newest stamp decides (the
// list's last one in new-api, the same stamp once trimmed): a list written under a higher limit still has more.
const HIT = `
local limit = tonumber(ARGV[3])
if redis.call('LLEN', KEYS[1]) >= limit then
  local decisive = redis.call('LINDEX', KEYS[1], limit - 1)
  if decisive and decisive > ARGV[2] then
    redis.call('EXPIRE', KEYS[1], ARGV[4])
    return 0
  end
end
redis.call('LPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], 0, limit - 1)
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1`;

interface SlidingLogScript {
  ferrymanSlidingLogHit(key: string, stamp: string, windowStart: string, limit: number, ttlSeconds: number): Promise<number>;
}

/**
 * One of new-api's per-IP `/api` limits on the Redis every node shares, on its key (`rateLimit:GA<ip>`,
 * `rateLimit:CT<ip>`), so a client is limited by the fleet's count, not each node's, and new-api nodes sharing the
 * Redis during a migration count on the same lists. While Redis cannot answer, the hit is counted by `local`
 * (this process's memory) instead: new-api answers every `/api` request 500 then, which locks the console out.
 */
export class RedisSlidingLog implements ApiRateLimit {
  private readonly redis: Redis & SlidingLogScript;
  private readonly ttlSeconds: number;

  constructor(
    redis: Redis,
    private readonly mark: string,
    private readonly limit: number,
    private readonly windowSeconds: number,
    private readonly local: ApiRateLimit,
    private readonly fallback: RedisFallback,
    private readonly now: () => number = Date.now,
    private readonly prefix = 'rateLimit:',
  ) {
    if (!('ferrymanSlidingLogHit' in redis)) redis.defineCommand('ferrymanSlidingLogHit', { numberOfKeys: 1, lua: HIT });
    this.redis = redis as Redis & SlidingLogScript;
    // a window longer than new-api's expiry would otherwise let the list go before its oldest stamp stops counting
    this.ttlSeconds = Math.max(KEY_TTL_SECONDS, windowSeconds);
  }

  hit(ip: string): Promise<boolean> {
    const now = this.now();
    const stamp = new Date(now).toISOString();
    const windowStart = new Date(now - this.windowSeconds * 1000).toISOString();
    return this.fallback.run(
      async () => (await this.redis.ferrymanSlidingLogHit(`${this.prefix}${this.mark}${ip}`, stamp, windowStart, this.limit, this.ttlSeconds)) === 1,
      () => this.local.hit(ip),
    );
  }
}

/** The per-IP limits on Redis when a connection is given, each counted by the process's own (`memory`) while Redis is down. */
export function sharedApiRateLimits(
  env: Pick<Env, 'GLOBAL_API_RATE_LIMIT' | 'GLOBAL_API_RATE_LIMIT_DURATION' | 'CRITICAL_RATE_LIMIT' | 'CRITICAL_RATE_LIMIT_DURATION'>,
  redis: Redis | null,
  memory: AppServices['apiRateLimits'],
  log: Pick<Logger, 'warn' | 'info'>,
): AppServices['apiRateLimits'] {
  if (!redis) return memory;
  const { global, critical } = memory;
  const fallback = new RedisFallback('the per-IP rate limits', log);
  return {
    global: global && new RedisSlidingLog(redis, 'GA', env.GLOBAL_API_RATE_LIMIT, env.GLOBAL_API_RATE_LIMIT_DURATION, global, fallback),
    critical: critical && new RedisSlidingLog(redis, 'CT', env.CRITICAL_RATE_LIMIT, env.CRITICAL_RATE_LIMIT_DURATION, critical, fallback),
  };
}
