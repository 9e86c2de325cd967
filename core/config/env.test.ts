import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.js';

describe('loadEnv', () => {
  it('applies new-api defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.SYNC_FREQUENCY).toBe(60);
    expect(env.NODE_TYPE).toBe('master');
    expect(env.FORCE_STREAM_OPTION).toBe(true);
    expect(env.GLOBAL_API_RATE_LIMIT).toBe(180);
    expect(env.SQL_DSN).toBeUndefined();
    expect(env.DATA_DIR).toBe('./data');
    expect(env.MAX_API_REQUEST_BODY_MB).toBe(1);
    expect([env.USER_URL_ALLOW_PRIVATE, env.ADMIN_URL_ALLOW_PRIVATE, env.ADMIN_URL_ALLOW_METADATA]).toEqual([false, true, false]);
    expect([env.TASK_QUERY_LIMIT, env.TASK_TIMEOUT_MINUTES, env.TASK_POLL_INTERVAL_SECONDS]).toEqual([1000, 1440, 15]);
    // footprint knobs: small embedded cache, WebAssembly tier by the arena cap (wasm-tier.ts), one on-demand counting thread
    expect([env.EMBEDDED_DB_SHARED_BUFFERS_MB, env.EMBEDDED_DB_OPTIMIZING_COMPILER, env.MALLOC_ARENA_MAX]).toEqual([16, undefined, undefined]);
    expect([env.TOKEN_COUNT_THREADS, env.TOKEN_COUNT_INLINE_BELOW_BYTES, env.FERRYMAN_HEAP_TUNING]).toEqual([1, 0, true]);
    // overload cap on, metrics off
    expect([env.RELAY_MAX_IN_FLIGHT, env.METRICS_TOKEN]).toEqual([512, undefined]);
    // pool connections live the driver's 30–60 min unless SQL_MAX_LIFETIME says otherwise
    expect(env.SQL_MAX_LIFETIME).toBeUndefined();
    // a PostgreSQL query waits and runs 30 s at most, then fails 503 rather than hold its request for good
    expect([env.SQL_QUERY_TIMEOUT, loadEnv({ SQL_QUERY_TIMEOUT: '0' }).SQL_QUERY_TIMEOUT]).toEqual([30, 0]);
    // lease slices go home after 1.5 s unused
    expect([env.QUOTA_LEASE_HEARTBEAT_TIMEOUT, env.QUOTA_LEASE_IDLE_TIMEOUT]).toEqual([30, 1.5]);
    expect(loadEnv({ QUOTA_LEASE_IDLE_TIMEOUT: '30' }).QUOTA_LEASE_IDLE_TIMEOUT).toBe(30);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['SQL_DSN', 'root:pw@tcp(localhost:3306)/db'],
    ['NODE_TYPE', 'primary'],
    ['FORCE_STREAM_OPTION', 'yes'],
    ['SESSION_SECRET', 'random_string'],
    ['MAX_REQUEST_BODY_MB', '0'],
    ['REDIS_CONN_STRING', 'localhost:6379'],
    ['REDIS_HA_CONN_STRING', 'redis://localhost:26379'],
    ['REDIS_HA_CONN_STRING', 'sentinel-1:26379, sentinel-2:26379'],
    ['REDIS_HA_CONN_STRING', 'sentinel-1:26379,sentinel-2:26379'],
    ['REDIS_POOL_SIZE', '0'],
    ['MAX_API_REQUEST_BODY_MB', '0'],
    ['TASK_QUERY_LIMIT', '0'],
    ['TASK_TIMEOUT_MINUTES', '-1'],
    ['TASK_POLL_INTERVAL_SECONDS', '0.001'],
    ['EMBEDDED_DB_SHARED_BUFFERS_MB', '0'],
    ['TOKEN_COUNT_THREADS', '0'],
    ['QUOTA_LEASE_IDLE_TIMEOUT', '0'],
    ['TOKEN_COUNT_INLINE_BELOW_BYTES', '-1'],
    ['RELAY_MAX_IN_FLIGHT', '-1'],
    ['RELAY_MAX_IN_FLIGHT', 'many'],
    ['ADMIN_URL_ALLOW_PRIVATE', 'no'],
    ['SQL_MAX_LIFETIME', '-1'],
    ['SQL_MAX_LIFETIME', '60s'],
    ['SQL_QUERY_TIMEOUT', '-1'],
    ['SQL_QUERY_TIMEOUT', '2.5'],
  ])('refuses %s=%s and names the variable', (key, value) => {
    expect(() => loadEnv({ [key]: value })).toThrowError(EnvError);
    expect(() => loadEnv({ [key]: value })).toThrowError(new RegExp(key));
  });

  it("takes new-api's high-availability Redis: Sentinels with a master name, or one server", () => {
    const sentinel = loadEnv({ REDIS_HA_CONN_STRING: 'sentinel-1:26379,10.0.0.2:26379', REDIS_MASTER_NAME: 'mymaster', REDIS_POOL_SIZE: '20' });
    expect([sentinel.REDIS_HA_CONN_STRING, sentinel.REDIS_MASTER_NAME, sentinel.REDIS_POOL_SIZE]).toEqual(['sentinel-1:26379,10.0.0.2:26379', 'mymaster', 20]);
    expect(loadEnv({ REDIS_HA_CONN_STRING: 'redis-a:6379' }).REDIS_MASTER_NAME).toBeUndefined();
    // several addresses without a master name would be Redis Cluster in go-redis
    expect(() => loadEnv({ REDIS_HA_CONN_STRING: 'a:6379,b:6379' })).toThrowError(/REDIS_MASTER_NAME \(Redis Sentinel\); Redis Cluster is not supported/);
  });

  it('parses booleans and postgres DSNs', () => {
    const env = loadEnv({ ERROR_LOG_ENABLED: 'TRUE', SQL_DSN: 'postgresql://u@h/db', STREAMING_TIMEOUT: '5' });
    expect(env.ERROR_LOG_ENABLED).toBe(true);
    expect(env.SQL_DSN).toBe('postgresql://u@h/db');
    expect(env.STREAMING_TIMEOUT).toBe(5);
  });

  it('takes SQL_MAX_LIFETIME in seconds, 0 meaning for good as in new-api', () => {
    expect(loadEnv({ SQL_MAX_LIFETIME: '60' }).SQL_MAX_LIFETIME).toBe(60);
    expect(loadEnv({ SQL_MAX_LIFETIME: '0' }).SQL_MAX_LIFETIME).toBe(0);
  });
});
