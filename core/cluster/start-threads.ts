import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { availableParallelism, hostname } from 'node:os';
import { MessageChannel, Worker } from 'node:worker_threads';
import { createTokenCounter } from '../../workers/pool.js';
import type { Env } from '../config/env.js';
import { WORKER_BOOTSTRAP, type Database } from '../db/connect.js';
import type { Logger } from '../log/logger.js';
import { apiRateLimits, connectWithRetry, prepareDatabase, startGateway, tokenCounterOptions, type RunningGateway } from '../main.js';
import { memoryNotifyThrottle } from '../notify/notify-throttle.js';
import { MemoryRateLimitStore } from '../policies/model-rate-limit/memory-rate-limit-store.js';
import type { MainMethods, RelayMethods, RelayThreadStarted } from './relay-thread-context.js';
import { localPeer, RpcPeer } from './thread-rpc.js';
import { TokenFetchHub } from './token-fetch-hub.js';

const ENTRY = new URL(`./relay-thread${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;
/** A relay thread that died is started again after this long (not at once: a thread failing at start would spin). */
const RESTART_DELAY_MS = 1000;
/**
 * A worker relay thread's young generation, in MB: V8's default lets it grow to 3 × 16 MB, resident once used.
 * Measured with bench/footprint.ts (README, All cores). FERRYMAN_HEAP_TUNING=false keeps V8's default.
 */
const RELAY_YOUNG_GENERATION_MB = 6;

/** FERRYMAN_THREADS, 0 meaning one relay thread per core. */
export function threadCount(env: Env): number {
  return env.FERRYMAN_THREADS === 0 ? availableParallelism() : env.FERRYMAN_THREADS;
}

interface RelayThread {
  worker: Worker;
  rpc: RpcPeer<RelayMethods>;
}

/**
 * Serves the port from `count` relay threads, each a whole gateway node (its caches, its quota leases under
 * its own node id, its uWS app on the shared port): relay thread 0 is this thread, the others are workers
 * (this thread has loaded the gateway's modules anyway, and a worker more costs a whole isolate: README, All
 * cores). This thread also owns what must exist once per process: the
 * database connection that migrates and reclaims, the embedded database's thread, the token-counting pool,
 * the in-memory rate limits and the session secret. A relay thread that dies has its leases returned here at
 * once (its siblings would after the heartbeat timeout) and is started again.
 */
export async function startThreads(env: Env, log: Logger, count: number): Promise<{ port: number; stop(): Promise<void> }> {
  if (!env.SESSION_SECRET) {
    log.warn('SESSION_SECRET is not set: a random secret was generated, so every restart logs all users out and several nodes cannot share sessions. Set SESSION_SECRET.');
  }
  const sessionSecret = env.SESSION_SECRET ?? randomUUID();
  const port = await reservePort(env.HOST, env.PORT);
  const db = await connectWithRetry(env, log);
  await prepareDatabase(env, db, log);

  const tokenCounter = createTokenCounter(tokenCounterOptions(env));
  const limits = apiRateLimits(env);
  const modelStore = new MemoryRateLimitStore();
  const notifyLimit = memoryNotifyThrottle(env);
  const providerTokens = new TokenFetchHub();
  const threads = new Map<number, RelayThread>();
  const invalidationChannel = `ferryman-invalidate-${randomUUID()}`;
  // what every relay thread is told, the main thread's own (relay thread 0) included
  const context = { count, port, sessionSecret, embeddedSocket: db.socketPath ?? null, invalidationChannel };
  let stopping = false;
  /** relay thread 0, served by this thread once started */
  let first: RunningGateway | null = null;

  const mainMethods: MainMethods = {
    countTokens: (task) => tokenCounter.count(task),
    apiHit: (limiter, key) => limits[limiter]?.hit(key) ?? true,
    rateSuccessAllowed: (u, l, w) => modelStore.successAllowed(u, l, w),
    rateRecordSuccess: (u, l, w) => modelStore.recordSuccess(u, l, w),
    rateTakeRequest: (u, l, w) => modelStore.takeRequest(u, l, w),
    notifyAllow: (userId, type) => notifyLimit.allow(userId, type),
    tokenClaim: (cacheKey, thread) => providerTokens.claim(cacheKey, thread),
    tokenSettle: (cacheKey, fetched) => providerTokens.settle(cacheKey, fetched),
    tokenForget: (cacheKey, refused) => providerTokens.forget(cacheKey, refused),
    metrics: () =>
      Promise.all([
        ...(first?.observability ? [first.observability.registry.getMetricsAsJSON()] : []),
        ...[...threads.values()].map((t) => t.rpc.call('metricsJson')),
      ]),
  };

  const spawn = (index: number): Promise<number> => {
    const link = new MessageChannel();
    const worker = new Worker(WORKER_BOOTSTRAP, {
      eval: true,
      workerData: { entry: ENTRY, index, ...context, link: link.port2 },
      transferList: [link.port2],
      ...(env.FERRYMAN_HEAP_TUNING ? { resourceLimits: { maxYoungGenerationSizeMb: RELAY_YOUNG_GENERATION_MB } } : {}),
    });
    const threadId = worker.threadId; // -1 once it has exited
    const thread: RelayThread = { worker, rpc: new RpcPeer<RelayMethods>(link.port1, mainMethods) };
    threads.set(index, thread);
    return new Promise<number>((resolve, reject) => {
      worker.once('message', (m: RelayThreadStarted) => ('listening' in m ? resolve(m.listening) : reject(new Error(m.failed))));
      worker.on('error', (e) => log.error('relay thread failed', { thread: index, error: String(e) }));
      worker.once('exit', (code) => {
        thread.rpc.close('relay thread exited');
        providerTokens.threadEnded(index);
        if (threads.get(index) === thread) threads.delete(index);
        reject(new Error(`relay thread ${index} exited with code ${code} before listening`));
        if (stopping) return;
        log.error('relay thread died; returning its quota leases and starting it again', { thread: index, code });
        void returnLeases(db, env, threadId, log).finally(() =>
          setTimeout(() => {
            if (!stopping) spawn(index).catch((e: unknown) => log.error('restarting a relay thread failed', { thread: index, error: String(e) }));
          }, RESTART_DELAY_MS),
        );
      });
    });
  };

  const stopAll = async () => {
    stopping = true;
    const running = [...threads.values()];
    const exited = running.map((t) => new Promise((r) => (t.worker.threadId === -1 ? r(null) : t.worker.once('exit', r))));
    await Promise.all([
      first?.stop().catch((e: unknown) => log.error('stopping relay thread 0 failed', { error: String(e) })),
      ...running.map((t) => t.rpc.call('stop').catch((e: unknown) => log.error('stopping a relay thread failed', { error: String(e) }))),
    ]);
    await Promise.all(exited);
    await tokenCounter.close();
    await db.close();
  };

  // A thread that fails to start stops the start (main.ts exits): its siblings are not worth waiting for.
  await Promise.all([
    startGateway(env, log, { ...context, index: 0, main: localPeer(mainMethods) }).then((g) => (first = g)),
    ...Array.from({ length: count - 1 }, (_, i) => spawn(i + 1)),
  ]);
  if (env.FERRYMAN_TEST_FAULTS) {
    // tests only (tests/integration/multi-core.test.ts): a bug in relay thread 1 (the first worker), on demand
    process.on('SIGUSR2', () => void threads.get(1)?.rpc.call('crash').catch((e: unknown) => log.error('crashing relay thread 1 failed', { error: String(e) })));
  }
  log.info('Ferryman listening', { port, database: db.kind, webassembly: db.webassembly, threads: count });
  return { port, stop: stopAll };
}

/**
 * The port the relay threads share. They bind it with SO_REUSEPORT, which would also let them join another
 * gateway already on it and split its traffic silently, so a plain bind checks first that nothing is there;
 * uSockets sets SO_REUSEPORT only on a given port, so PORT=0 is resolved to a free one here too.
 */
async function reservePort(host: string, port: number): Promise<number> {
  const probe = createServer();
  return new Promise<number>((resolve, reject) => {
    probe.once('error', () => reject(new Error(`cannot listen on ${host}:${port} (port in use?)`)));
    probe.listen({ host, port, exclusive: true }, () => {
      const bound = (probe.address() as AddressInfo).port;
      probe.close(() => resolve(bound));
    });
  });
}

/** The dead thread's nodes (quota-leases.ts names them host-pid-t<threadId>-…) are dropped, and their slices returned. */
async function returnLeases(db: Database, env: Env, threadId: number, log: Logger): Promise<void> {
  try {
    await db.sql`DELETE FROM ferryman_nodes WHERE starts_with(node, ${`${hostname()}-${process.pid}-t${threadId}-`})`;
    const [row] = await db.sql<{ n: number }[]>`SELECT ferryman_reclaim_leases(${env.QUOTA_LEASE_HEARTBEAT_TIMEOUT}) AS n`;
    log.info('returned the quota leases of a dead relay thread', { leases: Number(row?.n ?? 0) });
  } catch (e) {
    log.error('returning a dead relay thread\'s leases failed; its siblings return them after the heartbeat timeout', { error: String(e) });
  }
}
