import type { MetricObjectWithValues, MetricValue } from 'prom-client';
import type { CountTask } from '../../workers/count-tokens-task.js';
import type { FetchedToken } from '../providers/token-cache.js';
import type { TokenClaim } from './token-fetch-hub.js';
import type { RemoteCalls } from './thread-rpc.js';

export type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

/** What the main thread keeps once for the whole process and serves to its relay threads. */
export type MainMethods = {
  /** the process's one token-counting pool (workers/pool.ts) */
  countTokens(task: CountTask): Promise<number>;
  /** new-api's per-IP /api limits, exact per process as in new-api's memory mode */
  apiHit(limiter: 'global' | 'critical', key: string): boolean;
  /** the model request rate limit's memory store (core/policies/model-rate-limit), when Redis is not set */
  rateSuccessAllowed(userId: number, limit: number, windowSeconds: number): Promise<boolean>;
  rateRecordSuccess(userId: number, limit: number, windowSeconds: number): Promise<void>;
  rateTakeRequest(userId: number, limit: number, windowSeconds: number): Promise<boolean>;
  /** every relay thread's metrics, for one scrape that covers the process */
  metrics(): Promise<MetricsJson[]>;
  /** the notification throttle (core/notify/notify-throttle.ts) without Redis: per process, as new-api's memory one */
  notifyAllow(userId: number, type: string): boolean;
  /** provider tokens (core/providers/token-cache.ts) fetched once per process: token-fetch-hub.ts */
  tokenClaim(cacheKey: string, thread: number): Promise<TokenClaim> | TokenClaim;
  tokenSettle(cacheKey: string, fetched: FetchedToken | { error: string }): void;
  tokenForget(cacheKey: string, refused: string | null): void;
};

/** What each relay thread answers to the main thread. */
export type RelayMethods = {
  metricsJson(): Promise<MetricsJson>;
  /** stops serving and flushes (mark → logs → counters → leases), then lets the thread end */
  stop(): Promise<void>;
  /** FERRYMAN_TEST_FAULTS only: throws on the thread's next turn, outside any handler, as a bug would */
  crash(): void;
};

/** Handed to startGateway on a relay thread (core/main.ts). */
export interface RelayThreadContext {
  /** 0-based; thread 0 is the main thread itself, and runs the scheduled jobs on the embedded database */
  index: number;
  count: number;
  /** the port every relay thread listens on (SO_REUSEPORT) */
  port: number;
  /** one per process, so a session signed on one thread is read on all of them */
  sessionSecret: string;
  /** the embedded database's private socket, or null with SQL_DSN */
  embeddedSocket: string | null;
  /** the BroadcastChannel name for cache invalidation between this process's threads (embedded database) */
  invalidationChannel: string;
  /** the main thread's methods: over a port on a worker, called in place on the main thread (relay thread 0) */
  main: RemoteCalls<MainMethods>;
}

/** Sent once on the worker's parentPort when the thread listens (or failed to start). */
export type RelayThreadStarted = { listening: number } | { failed: string };
