import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { BroadcastChannel, isMainThread } from 'node:worker_threads';
import * as uWS from 'uWebSockets.js';
import { createTokenCounter } from '../workers/pool.js';
import { ChannelDirectory } from './actors/channel-directory.js';
import type { AppServices } from './app-services.js';
import { ChannelHealth } from './channel-health/channel-health.js';
import { startHealthJobs } from './channel-health/periodic-jobs.js';
import { SessionCodec } from './auth/session-cookie.js';
import { SessionStore } from './auth/session-store.js';
import { BatchedCounters } from './billing/batched-counters.js';
import { flushCharges } from './billing/flush-charges.js';
import { LogWriter } from './billing/log-writer.js';
import { QuotaLedger } from './billing/quota-ledger.js';
import { Invalidation } from './cache/invalidation.js';
import { TokenCache } from './cache/token-cache.js';
import { UserCache } from './cache/user-cache.js';
import { EnvError, loadEnv, type Env } from './config/env.js';
import { tuneHeap } from './config/heap-tuning.js';
import { mountApi } from './console-api/mount-api.js';
import { routes } from './console-api/routes.js';
import { connectDatabase, connectEmbeddedSocket, withLogDatabase, type Database } from './db/connect.js';
import { startEmbeddedUpkeep } from './db/embedded-upkeep.js';
import { migrateDatabase } from './db/migrate.js';
import { forgetOldWriteMarks } from './db/write-marks.js';
import { UsageDashboard } from './dashboard/usage-dashboard.js';
import { createClientIpResolver } from './http/client-ip.js';
import { InFlightGate } from './http/in-flight-gate.js';
import { mountStatic } from './http/mount-static.js';
import { loadStaticFiles } from './http/static-files.js';
import { createLogger, type Logger } from './log/logger.js';
import { LowBalanceNotifier } from './notify/low-balance-notifier.js';
import { notifyLimitOf } from './notify/notify-limit-of.js';
import { mountMetrics } from './observability/mount-metrics.js';
import { createObservability, type Observability } from './observability/observability.js';
import { OptionsStore } from './options/options-store.js';
import { createModelRateLimiter } from './policies/model-rate-limit/create-model-rate-limiter.js';
import { sharedApiRateLimits } from './rate-limit/redis-sliding-log.js';
import { closeRedis, connectRedis } from './redis/connect-redis.js';
import { SlidingLogLimiter } from './rate-limit/sliding-log-limiter.js';
import type { RelayThreadContext } from './cluster/relay-thread-context.js';
import { sharedTokenFetches, threadServices } from './cluster/thread-services.js';
import { startThreads, threadCount } from './cluster/start-threads.js';
import { SensitiveWordsPolicy } from './policies/sensitive-words/sensitive-words-policy.js';
import { AdminPush } from './push/admin-push.js';
import { mountRelay } from './relay/mount-relay.js';
import { startTasks } from './tasks/start-tasks.js';
import { startLogRetention } from './log-retention/log-retention.js';
import { providerOf } from './providers/registry.js';
import { shareTokenFetches } from './providers/token-cache.js';

const EXCLUSIVE_PORT = 1; // LIBUS_LISTEN_EXCLUSIVE_PORT
const SHARED_PORT = 0; // LIBUS_LISTEN_DEFAULT: SO_REUSEPORT
/** How long a stopping gateway waits for relay requests in flight before writing its last batches. */
const DRAIN_MS = 3000;

export interface RunningGateway {
  port: number;
  services: AppServices;
  /** this node's metrics (null with METRICS_TOKEN unset), for the main thread's aggregation across relay threads */
  observability: Observability | null;
  stop(): Promise<void>;
  /**
   * Closes the listen socket and every connection at once (requests in flight are aborted); stop() still drains
   * and writes after it. A relay thread must before it ends: Node aborts the process when a thread ends with its
   * uWS app open (core/cluster/relay-thread.ts).
   */
  abort(): void;
}

/**
 * Leases on both databases unless turned off. Other nodes to heart-beat for: those of a shared PostgreSQL, and
 * the sibling relay threads of an embedded database (each a node, so one that dies has its slices returned).
 */
function ledgerMode(env: Env, kind: 'embedded' | 'postgres', threaded: boolean) {
  const idleMs = env.QUOTA_LEASE_IDLE_TIMEOUT * 1000;
  if (kind === 'embedded') return { kind: 'lease', heartbeatTimeoutS: threaded ? env.QUOTA_LEASE_HEARTBEAT_TIMEOUT : null, idleMs } as const;
  const turnWaitMs = env.SQL_QUERY_TIMEOUT ? env.SQL_QUERY_TIMEOUT * 1000 : undefined;
  return env.QUOTA_LEASES ? ({ kind: 'lease', heartbeatTimeoutS: env.QUOTA_LEASE_HEARTBEAT_TIMEOUT, idleMs, turnWaitMs } as const) : ({ kind: 'statement' } as const);
}

/**
 * Composition root: config → db → migrate → caches/actors → routes → listen. On a relay thread (`thread`, see
 * core/cluster) the main thread has already connected, migrated and reclaimed, and owns what the process shares.
 */
export async function startGateway(env: Env, log: Logger = createLogger(env.DEBUG), thread: RelayThreadContext | null = null): Promise<RunningGateway> {
  const sessionSecret = thread?.sessionSecret ?? sessionSecretOf(env, log);
  const db = thread ? await connectThread(env, log, thread) : await connectWithRetry(env, log);
  if (!thread) await prepareDatabase(env, db, log);
  const shared = thread ? threadServices(thread.main, { global: env.GLOBAL_API_RATE_LIMIT_ENABLE, critical: env.CRITICAL_RATE_LIMIT_ENABLE }) : null;
  if (thread) shareTokenFetches(sharedTokenFetches(thread.main, thread.index));

  const options = new OptionsStore();
  await options.load(db.sql);
  const counters = new BatchedCounters(db.sql, log);
  const invalidation = new Invalidation(db, log, thread && db.kind === 'embedded' ? new BroadcastChannel(thread.invalidationChannel) : null);
  const [setupRow] = await db.sql`SELECT 1 FROM setups LIMIT 1`;
  const [rootRow] = setupRow ? [setupRow] : await db.sql`SELECT 1 FROM users WHERE role = 100 AND deleted_at IS NULL LIMIT 1`;
  if (!setupRow && rootRow) await db.sql`INSERT INTO setups (version, initialized_at) VALUES (${env.VERSION}, ${Math.floor(Date.now() / 1000)})`;

  const redis = await connectRedis(env, log);
  const rateLimiter = createModelRateLimiter(redis, options, log, shared?.modelRateLimitStore);
  const notifyLimit = notifyLimitOf(env, redis, shared?.notifyLimit ?? null, log);
  const channelHealth = new ChannelHealth({ sql: db.sql, env, options, log, invalidation, notifyLimit, adminEvent: (e) => services.push.notifyAdmins(e) });
  const sensitiveWords = new SensitiveWordsPolicy(options, { onBuildError: (err) => log.warn('sensitive word list built inline', { error: String(err) }) });
  await sensitiveWords.ready();

  const services: AppServices = {
    env,
    db,
    sql: db.sql,
    log,
    options,
    sessions: new SessionStore(db.sql, new SessionCodec(sessionSecret)),
    users: new UserCache(db.sql, env.SYNC_FREQUENCY),
    tokens: new TokenCache(db.sql, env.SYNC_FREQUENCY),
    channels: new ChannelDirectory(db.sql, (type) => providerOf(type).name, channelHealth.hooks),
    channelHealth,
    ledger: new QuotaLedger(db.sql, counters, ledgerMode(env, db.kind, thread !== null), log),
    logs: new LogWriter(db.logSql, log, { keyed: db.kind === 'postgres' || db.logSql !== db.sql }),
    dashboard: new UsageDashboard(db, options, log, env.BATCH_UPDATE_INTERVAL),
    invalidation,
    tokenCounter: shared?.tokenCounter ?? createTokenCounter(tokenCounterOptions(env)),
    apiRateLimits: sharedApiRateLimits(env, redis, shared?.apiRateLimits ?? apiRateLimits(env), log),
    clientIp: createClientIpResolver(env.TRUSTED_PROXIES),
    startTime: Math.floor(Date.now() / 1000),
    setup: { done: rootRow !== undefined },
    lowBalance: new LowBalanceNotifier({ env, options, log, throttle: notifyLimit }),
    policies: { rateLimiter, sensitiveWords },
    push: new AdminPush({ sql: db.sql, env, options, log }),
  };
  await services.push.start();
  await services.ledger.leases?.start();
  channelHealth.attach(services.channels);
  await services.channels.rebuild();
  services.dashboard.start();

  invalidation.on((topic, id) => {
    // a user's or token's balance may have grown: a refusal kept for it no longer stands
    if (topic === 'user') {
      services.users.invalidate(Number(id));
      services.ledger.leases?.forgetRefusal('u', Number(id));
    } else if (topic === 'token' || topic === 'token_quota') {
      services.tokens.invalidateId(Number(id));
      services.ledger.leases?.forgetRefusal('t', Number(id));
      if (topic === 'token_quota') void services.ledger.leases?.cancelToken(Number(id));
    }
    else if (topic === 'lease_recall') {
      const kind = id[0];
      const owner = Number(id.slice(1));
      if ((kind === 'u' || kind === 't') && Number.isSafeInteger(owner)) void services.ledger.leases?.recall(kind, owner);
    }
    else if (topic === 'channels') void services.channels.rebuild();
    else if (topic === 'options') {
      void options.load(db.sql);
      // setup ran on another node (or relay thread) of this database
      if (!services.setup.done) void db.sql`SELECT 1 FROM setups LIMIT 1`.then((rows) => (services.setup.done ||= rows.length > 0)).catch(() => {});
    }
  });
  await invalidation.start();
  if (services.ledger.leases) services.ledger.leases.recallOthers = (kind, id) => invalidation.tellOthers('lease_recall', `${kind}${id}`);

  const writers = { logs: services.logs, counters, leases: services.ledger.leases };
  let flushing = false;
  const flushTimer = setInterval(() => {
    if (flushing) return;
    flushing = true;
    flushCharges(writers)
      .catch((e: unknown) => log.error('batched write failed', { error: String(e) }))
      .finally(() => (flushing = false));
  }, env.BATCH_UPDATE_INTERVAL * 1000);
  const beatMs = services.ledger.leases?.heartbeatIntervalMs() ?? null;
  const heartbeatTimer = beatMs === null ? null : setInterval(() => void services.ledger.leases?.heartbeat(), beatMs);
  // Fallback sync for changes made by other nodes whose NOTIFY was missed.
  const syncTimer = setInterval(() => {
    void services.channels.rebuild().catch((e: unknown) => log.warn('channel sync failed', { error: String(e) }));
    void options.load(db.sql).catch((e: unknown) => log.warn('option sync failed', { error: String(e) }));
  }, env.SYNC_FREQUENCY * 1000);

  const app = uWS.App();
  // RELAY_MAX_IN_FLIGHT bounds the process: each relay thread takes its share
  const gate = new InFlightGate(thread ? Math.ceil(env.RELAY_MAX_IN_FLIGHT / thread.count) : env.RELAY_MAX_IN_FLIGHT);
  // read at scrape time only: nothing here runs per request
  const observability = createObservability(env.METRICS_TOKEN, {
    inFlight: () => ({ current: gate.inFlight, limit: gate.limit }),
    leases: () => services.ledger.leases?.totals() ?? null,
    channels: () => services.channels.all(),
    ...(redis ? { redis: () => redis.status === 'ready' } : {}),
  });
  const relay = mountRelay(app, services, { gate, metrics: observability?.relay ?? null });
  mountMetrics(app, env.METRICS_TOKEN, observability, shared && observability ? shared.metricsText : undefined);
  const tasks = startTasks(app, services, gate);
  const healthJobs = startHealthJobs(services);
  const logRetention = startLogRetention(services);
  const upkeep = startEmbeddedUpkeep(services);
  mountApi(app, routes, services);
  mountStatic(app, loadStaticFiles(env.PWA_DIST ?? defaultPwaDist()));

  const listenSocket = await new Promise<uWS.us_listen_socket>((resolve, reject) => {
    // Exclusive: uWS otherwise shares a port (SO_REUSEPORT), so a second gateway would silently split traffic.
    // Relay threads share it on purpose (the kernel spreads connections over them); the main thread checked
    // that no other process held the port before starting them.
    const listen = app.listen as unknown as (host: string, port: number, options: number, cb: (s: uWS.us_listen_socket | false) => void) => void;
    const port = thread ? thread.port : env.PORT;
    listen.call(app, env.HOST, port, thread ? SHARED_PORT : EXCLUSIVE_PORT, (socket) => {
      if (socket) return resolve(socket);
      // a relay thread cannot end with its uWS loop open (Node aborts the process)
      if (thread) app.close();
      reject(new Error(`cannot listen on ${env.HOST}:${port} (port in use?)`));
    });
  });
  const port = uWS.us_socket_local_port(listenSocket);
  if (thread) log.debug('relay thread listening', { port, thread: thread.index });
  else log.info('Ferryman listening', { port, database: db.kind, webassembly: db.webassembly });
  let aborted = false;
  const abort = () => {
    if (aborted) return;
    aborted = true;
    app.close();
  };

  return {
    port,
    services,
    observability,
    abort,
    async stop() {
      // app.close() has closed the listen socket already: closing it again would free it twice
      if (!aborted) uWS.us_listen_socket_close(listenSocket);
      // kept-alive connections still bring requests: they get a 503 now, so none can start after the last flush
      gate.close();
      clearInterval(flushTimer);
      clearInterval(syncTimer);
      if (heartbeatTimer) clearInterval(heartbeatTimer);
      await relay.endSessions();
      // Requests still running settle into the batches written below; past the bound a client keeping a stream
      // open is not worth a SIGKILL from the supervisor (what such a request spends later errs in the user's favour).
      for (const until = Date.now() + DRAIN_MS; gate.inFlight > 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 20));
      // Requests past the bound are cut (a stream's client keeping it open); each then settles or refunds what
      // it reserved on its way out, which must land before the batches below.
      if (gate.inFlight > 0) {
        abort();
        for (const until = Date.now() + 1000; gate.inFlight > 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 20));
      }
      await flushCharges(writers, true);
      await services.ledger.leases?.stop();
      await services.dashboard.stop();
      await services.tokenCounter.close();
      await tasks.stop();
      await healthJobs.stop();
      await logRetention.stop();
      await upkeep.stop();
      await channelHealth.close();
      await services.push.close();
      await relay.close();
      await invalidation.stop();
      await closeRedis(redis);
      await db.close();
      // keep-alive connections would keep a relay thread's event loop (and so the thread) alive
      if (thread) abort();
    },
  };
}

function sessionSecretOf(env: Env, log: Logger): string {
  if (!env.SESSION_SECRET) {
    log.warn('SESSION_SECRET is not set: a random secret was generated, so every restart logs all users out and several nodes cannot share sessions. Set SESSION_SECRET.');
  }
  return env.SESSION_SECRET ?? randomUUID();
}

/** Once per process, before any node serves: migrations, the write keys of gone writers, and the leases a previous run left on the embedded database. */
export async function prepareDatabase(env: Env, db: Database, log: Logger): Promise<void> {
  if (env.NODE_TYPE === 'master') {
    const applied = await migrateDatabase(db);
    if (applied.length) log.info('migrations applied', { applied });
    for (const sql of new Set([db.sql, db.logSql])) await forgetOldWriteMarks(sql);
  }
  // Only this process uses an embedded database: anything still leased belongs to a previous run.
  if (db.kind === 'embedded') {
    const [row] = await db.sql<{ n: number }[]>`SELECT ferryman_reclaim_leases() AS n`;
    if (row && Number(row.n) > 0) log.info('returned quota leased by the previous run', { leases: Number(row.n) });
  }
}

/** A relay thread's share of the pool size, so the process as a whole keeps to SQL_MAX_OPEN_CONNS (at least 4 each). */
async function connectThread(env: Env, log: Logger, thread: RelayThreadContext): Promise<Database> {
  const max = Math.max(4, Math.ceil(env.SQL_MAX_OPEN_CONNS / thread.count));
  if (thread.embeddedSocket) {
    return withLogDatabase(connectEmbeddedSocket(thread.embeddedSocket, max, thread.index === 0, env.SQL_MAX_LIFETIME), env.LOG_SQL_DSN, max, env.SQL_MAX_LIFETIME, env.SQL_QUERY_TIMEOUT);
  }
  return connectWithRetry({ ...env, SQL_MAX_OPEN_CONNS: max }, log);
}

export function tokenCounterOptions(env: Env) {
  return { timeoutMs: env.TOKEN_COUNT_TIMEOUT_MS, maxThreads: env.TOKEN_COUNT_THREADS, inlineBelowBytes: env.TOKEN_COUNT_INLINE_BELOW_BYTES };
}

/**
 * new-api's per-IP limits on /api, in memory: one pair per process (the main thread's when relay threads serve),
 * what each node counts by itself, and what every node falls back to while the Redis they share is unreachable.
 */
export function apiRateLimits(env: Env): { global: SlidingLogLimiter | null; critical: SlidingLogLimiter | null } {
  return {
    global: env.GLOBAL_API_RATE_LIMIT_ENABLE ? new SlidingLogLimiter(env.GLOBAL_API_RATE_LIMIT, env.GLOBAL_API_RATE_LIMIT_DURATION) : null,
    critical: env.CRITICAL_RATE_LIMIT_ENABLE ? new SlidingLogLimiter(env.CRITICAL_RATE_LIMIT, env.CRITICAL_RATE_LIMIT_DURATION) : null,
  };
}

function defaultPwaDist(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  return here.includes('/dist/core/') ? fileURLToPath(new URL('../../pwa/dist', import.meta.url)) : fileURLToPath(new URL('../pwa/dist', import.meta.url));
}

export async function connectWithRetry(env: Env, log: Logger): Promise<Database> {
  for (let attempt = 1; ; attempt++) {
    try {
      const db = await connectDatabase(env);
      await db.sql`SELECT 1`;
      return db;
    } catch (e) {
      if (attempt >= env.STARTUP_RETRY_ATTEMPTS) throw e;
      log.warn('database not reachable, retrying', { attempt, error: String(e) });
      await new Promise((r) => setTimeout(r, env.STARTUP_RETRY_INTERVAL_MS));
    }
  }
}

// a relay thread imports this module with the process's argv: only the main thread is the entry point
const isEntryPoint = isMainThread && process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isEntryPoint) {
  let env: Env;
  try {
    env = loadEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  if (env.FERRYMAN_HEAP_TUNING) tuneHeap();
  const threads = threadCount(env);
  const gateway = threads > 1 ? await startThreads(env, createLogger(env.DEBUG), threads) : await startGateway(env);
  process.stdout.write(`FERRYMAN_LISTENING ${gateway.port}\n`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await gateway.stop();
    process.exit(0);
  };
  if (env.FERRYMAN_EXIT_WITH_PARENT) {
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) void shutdown();
    }, 1000).unref();
  }
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}
