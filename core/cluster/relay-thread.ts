// Entry of a relay thread (started by start-threads.ts through the tsx bootstrap of core/db/connect.ts).
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { loadEnv } from '../config/env.js';
import { createLogger } from '../log/logger.js';
import { startGateway, type RunningGateway } from '../main.js';
import type { MainMethods, RelayMethods, RelayThreadStarted } from './relay-thread-context.js';
import { RpcPeer } from './thread-rpc.js';

interface RelayThreadData {
  index: number;
  count: number;
  port: number;
  sessionSecret: string;
  embeddedSocket: string | null;
  invalidationChannel: string;
  link: MessagePort;
}

/** How long a crashed thread may drain and write what it holds before it ends all the same. */
const CRASH_STOP_MS = 10_000;

const data = workerData as RelayThreadData & { entry: string };
const env = loadEnv();
const log = createLogger(env.DEBUG);
let gateway: RunningGateway | null = null;
let stopped: Promise<void> | null = null;
/** one stop, whether the main thread asked for it or a crash did */
const stopGateway = (): Promise<void> => (stopped ??= gateway?.stop() ?? Promise.resolve());

// Node aborts the whole process when a thread ends with its uWS app open, whatever ends it (an uncaught
// exception, process.exit() anywhere): the app is closed first ('exit' listeners run synchronously, last).
process.on('exit', () => gateway?.abort());

// An uncaught exception would otherwise end the thread there and then, its batches with it. The thread closes
// every connection at once instead (the siblings keep the port: clients reconnect to them), drains and writes
// like a stop (logs → counters → leases), and ends with code 1; the main thread returns whatever it still held
// leased and starts it again.
let crashed = false;
process.on('uncaughtException', (e) => {
  log.error('relay thread crashed; closing its connections, writing what it holds and ending it', {
    thread: data.index,
    error: e instanceof Error ? (e.stack ?? e.message) : String(e),
  });
  // a second exception while stopping changes nothing: the first one's stop, or its timer, ends the thread
  if (crashed) return;
  crashed = true;
  gateway?.abort();
  setTimeout(() => process.exit(1), CRASH_STOP_MS);
  // a stop the main thread asked for may be under way already: it is finished, not started again
  void stopGateway()
    .catch((err: unknown) => log.error('a crashed relay thread failed to write what it held', { thread: data.index, error: String(err) }))
    .finally(() => process.exit(1));
});

const methods: RelayMethods = {
  metricsJson: async () => (gateway?.observability ? gateway.observability.registry.getMetricsAsJSON() : []),
  async stop() {
    await stopGateway();
    // nothing else holds the thread open once the link closes (after this answer is sent)
    setImmediate(() => main.close());
  },
  crash() {
    if (!env.FERRYMAN_TEST_FAULTS) throw new Error('FERRYMAN_TEST_FAULTS is not set');
    setImmediate(() => {
      throw new Error('FERRYMAN_TEST_FAULTS: relay thread crash');
    });
  },
};
const main = new RpcPeer<MainMethods>(data.link, methods);

const started: RelayThreadStarted = await startGateway(env, log, { ...data, main }).then(
  (g) => {
    gateway = g;
    return { listening: g.port };
  },
  (e: unknown) => ({ failed: `relay thread ${data.index}: ${e instanceof Error ? e.message : String(e)}` }),
);
parentPort!.postMessage(started);
if ('failed' in started) main.close();
