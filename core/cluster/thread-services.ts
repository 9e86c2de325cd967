import { AggregatorRegistry } from 'prom-client';
import type { AppServices } from '../app-services.js';
import type { NotifyLimit } from '../notify/notify-throttle.js';
import type { SharedTokenFetches } from '../providers/token-cache.js';
import type { RateLimitStore } from '../policies/model-rate-limit/rate-limit-store.js';
import type { TokenCounter } from '../../workers/pool.js';
import type { MainMethods } from './relay-thread-context.js';
import type { RemoteCalls } from './thread-rpc.js';

export interface ThreadServices {
  tokenCounter: TokenCounter;
  apiRateLimits: AppServices['apiRateLimits'];
  modelRateLimitStore: RateLimitStore;
  /** without Redis: the main thread's count, so a user gets NOTIFY_LIMIT_COUNT notices per process, not per thread */
  notifyLimit: NotifyLimit;
  /** /metrics over every relay thread of the process, by prom-client's cluster aggregation (counters summed) */
  metricsText(): Promise<string>;
}

/**
 * A relay thread's view of what the main thread owns: one token-counting pool (each pool thread holding an
 * encoding costs ~65 MB, so N pools would cost N times that), and the in-memory rate limits, which must count
 * every request of the process to stay exact (new-api's memory limiter is per process).
 */
export function threadServices(main: RemoteCalls<MainMethods>, enabled: { global: boolean; critical: boolean }): ThreadServices {
  return {
    tokenCounter: {
      count: (task) => main.call('countTokens', task),
      // the pool is the main thread's: it closes it after the last relay thread stopped
      close: async () => {},
    },
    apiRateLimits: {
      global: enabled.global ? { hit: (key) => main.call('apiHit', 'global', key) } : null,
      critical: enabled.critical ? { hit: (key) => main.call('apiHit', 'critical', key) } : null,
    },
    modelRateLimitStore: {
      successAllowed: (userId, limit, windowSeconds) => main.call('rateSuccessAllowed', userId, limit, windowSeconds),
      recordSuccess: (userId, limit, windowSeconds) => main.call('rateRecordSuccess', userId, limit, windowSeconds),
      takeRequest: (userId, limit, windowSeconds) => main.call('rateTakeRequest', userId, limit, windowSeconds),
    },
    notifyLimit: { allow: (userId, type) => main.call('notifyAllow', userId, type) },
    async metricsText() {
      const perThread = await main.call('metrics');
      // every thread reads the same process-wide figures (RSS, CPU seconds, file descriptors): one of them, not the sum
      for (const metrics of perThread) for (const m of metrics) if (m.name.startsWith('process_')) m.aggregator = 'first';
      return AggregatorRegistry.aggregate(perThread).metrics();
    },
  };
}

/** A relay thread's provider token fetches, single-flighted for the process by the main thread (token-fetch-hub.ts). */
export function sharedTokenFetches(main: RemoteCalls<MainMethods>, thread: number): SharedTokenFetches {
  return {
    claim: async (cacheKey) => {
      const claim = await main.call('tokenClaim', cacheKey, thread);
      return 'token' in claim ? claim.token : null;
    },
    // a lost message only costs a wait: the main thread hands the fetch on when this thread ends
    settle: (cacheKey, fetched) => void main.call('tokenSettle', cacheKey, fetched).catch(() => {}),
    forget: (cacheKey, refused) => void main.call('tokenForget', cacheKey, refused).catch(() => {}),
  };
}
