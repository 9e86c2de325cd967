// How the benchmark gets a running Ferryman: the compiled gateway that `npm start` runs (`npm run bench`
// compiles it first), in its own process (its own event loop),
// embedded database, setup done, one OpenAI channel pointing at the mock upstream and one token.
import { ConsoleClient, setupRoot } from '../tests/support/console-client.js';
import { startGateway } from '../tests/support/gateway.js';

export interface FerrymanBenchTarget {
  /** Base URL, e.g. http://127.0.0.1:3000 (the runner appends /v1/chat/completions). */
  url: string;
  /** Token key sent as `Authorization: Bearer <key>`. */
  key: string;
  close(): Promise<void>;
}

export interface FerrymanBenchOptions {
  /** Base URL of the mock upstream the channel must point at. */
  upstreamUrl: string;
  /** Extra node flags for the gateway process (e.g. --cpu-prof). */
  nodeArgs?: string[];
}

export async function startFerrymanForBench(opts: FerrymanBenchOptions): Promise<FerrymanBenchTarget | null> {
  // Logging stays on (LogConsumeEnabled default): the benchmark measures auth, billing and logging.
  const gw = await startGateway({ FERRYMAN_EXPOSE_DB: 'false', BATCH_UPDATE_INTERVAL: '1' }, { nodeArgs: opts.nodeArgs, built: true });
  const root: ConsoleClient = await setupRoot(gw);
  const ch = await root.post('/api/channel/', { type: 1, name: 'bench', key: 'mock-ok', models: 'gpt-4o-mini', group: 'default', base_url: opts.upstreamUrl });
  if (!ch.body.success) throw new Error(`channel: ${ch.body.message}`);
  const tk = await root.post('/api/token/', { name: 'bench', remain_quota: 0, unlimited_quota: true, expired_time: -1 });
  if (!tk.body.success) throw new Error(`token: ${tk.body.message}`);
  const list = await root.get<Array<{ key: string }>>('/api/token/?p=0&size=1');
  return { url: gw.url, key: `sk-${list.body.data![0]!.key}`, close: () => gw.stop() };
}
