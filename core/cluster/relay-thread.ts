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

const data = workerData as RelayThreadData & { entry: string };
const env = loadEnv();
const log = createLogger(env.DEBUG);
let gateway: RunningGateway | null = null;

const methods: RelayMethods = {
  metricsJson: async () => (gateway?.observability ? gateway.observability.registry.getMetricsAsJSON() : []),
  async stop() {
    const running = gateway;
    gateway = null;
    await running?.stop();
    // nothing else holds the thread open once the link closes (after this answer is sent)
    setImmediate(() => main.close());
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
