import { Redis, type RedisOptions } from 'ioredis';
import type { Env } from '../config/env.js';
import type { Logger } from '../log/logger.js';

// Commands fail at once while the connection is down instead of queueing (every count then goes on in the
// process, RedisFallback), and the connection comes back by itself.
const OPTIONS: RedisOptions = { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 2000 };

type RedisEnv = Pick<Env, 'REDIS_CONN_STRING' | 'REDIS_HA_CONN_STRING' | 'REDIS_MASTER_NAME'>;

function hostPort(address: string): { host: string; port: number } {
  const at = address.lastIndexOf(':');
  return { host: address.slice(0, at), port: Number(address.slice(at + 1)) };
}

/**
 * new-api's choice of Redis: REDIS_HA_CONN_STRING first (`host:port,…`: the Sentinels of REDIS_MASTER_NAME's
 * master, or one server), else the REDIS_CONN_STRING URL; null without either. Several addresses without a master
 * name (Redis Cluster) are refused by loadEnv.
 */
export function redisClientOf(env: RedisEnv): Redis | null {
  if (env.REDIS_HA_CONN_STRING) {
    const addresses = env.REDIS_HA_CONN_STRING.split(',').map(hostPort);
    if (env.REDIS_MASTER_NAME) return new Redis({ ...OPTIONS, sentinels: addresses, name: env.REDIS_MASTER_NAME });
    return new Redis({ ...OPTIONS, ...addresses[0] });
  }
  return env.REDIS_CONN_STRING ? new Redis(env.REDIS_CONN_STRING, OPTIONS) : null;
}

/**
 * The node's Redis connection, or null without one configured. Redis unreachable stops nothing (new-api does not
 * start without it): the node starts and counts in the process until the connection comes back.
 */
export async function connectRedis(env: RedisEnv, log: Pick<Logger, 'warn'>): Promise<Redis | null> {
  const redis = redisClientOf(env);
  if (!redis) return null;
  // ioredis tries again every 2 s at most while Redis is gone: one line until it is back, not one per try
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) log.warn('redis connection error', { error: error.message });
    reported = true;
  });
  redis.on('ready', () => (reported = false));
  await redis.connect().catch((e: unknown) => log.warn('Redis is not reachable: the node starts, counting in this process until it is', { error: String(e) }));
  return redis;
}

/** QUIT needs Redis to answer: a connection it is not answering on is let go, or a stop would fail there. */
export async function closeRedis(redis: Redis | null): Promise<void> {
  if (!redis) return;
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
