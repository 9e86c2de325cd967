import type { ChannelDirectory } from './actors/channel-directory.js';
import type { ChannelHealth } from './channel-health/channel-health.js';
import type { LogWriter } from './billing/log-writer.js';
import type { QuotaLedger } from './billing/quota-ledger.js';
import type { TokenCache } from './cache/token-cache.js';
import type { CachedUser, UserCache } from './cache/user-cache.js';
import type { SessionStore } from './auth/session-store.js';
import type { Env } from './config/env.js';
import type { UsageDashboard } from './dashboard/usage-dashboard.js';
import type { Database, Sql } from './db/connect.js';
import type { Logger } from './log/logger.js';
import type { OptionsStore } from './options/options-store.js';
import type { ModelRateLimiter } from './policies/model-rate-limit/model-rate-limiter.js';
import type { SensitiveWordsPolicy } from './policies/sensitive-words/sensitive-words-policy.js';
import type { AdminPush } from './push/admin-push.js';
import type { Invalidation } from './cache/invalidation.js';
import type { TokenCounter } from '../workers/pool.js';

/** Records a hit from `key` and answers whether it is allowed (in this thread's memory, or the main thread's). */
export interface ApiRateLimit {
  hit(key: string): boolean | Promise<boolean>;
}

/** Everything a route or pipeline stage may use, built once in main.ts. */
export interface AppServices {
  env: Env;
  db: Database;
  sql: Sql;
  log: Logger;
  options: OptionsStore;
  sessions: SessionStore;
  users: UserCache;
  tokens: TokenCache;
  channels: ChannelDirectory;
  /** channel health on this node: the actors' rules and effects, channel tests and balances (core/channel-health) */
  channelHealth: ChannelHealth;
  ledger: QuotaLedger;
  logs: LogWriter;
  /** hourly quota_data aggregation for the data dashboard; the relay calls recordUsage per consume */
  dashboard: UsageDashboard;
  invalidation: Invalidation;
  tokenCounter: TokenCounter;
  clientIp: (peer: string, forwardedFor: string | undefined) => string;
  /** unix seconds at boot */
  startTime: number;
  /** told after every relay charge; sends the low-balance email/webhook (set by core/notify) */
  lowBalance: { afterCharge(user: CachedUser, remainingQuota: number, charged: number): void };
  /** Web Push alerts for administrators: call push.notifyAdmins(event) (core/push/admin-event.ts lists the events) */
  push: AdminPush;
  /** the relay's request policies: model request rate limits and sensitive words (core/policies) */
  policies: { rateLimiter: ModelRateLimiter; sensitiveWords: SensitiveWordsPolicy };
  /** new-api's per-IP limits on /api (null: turned off); one pair per process, kept by the main thread when relay threads serve */
  apiRateLimits: { global: ApiRateLimit | null; critical: ApiRateLimit | null };
  /** true once /api/setup has run (or a root user existed at boot) */
  setup: { done: boolean };
}
