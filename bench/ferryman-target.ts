// How the benchmark gets a running Ferryman: the compiled gateway that `npm start` runs (`npm run bench`
// compiles it first), in its own process (its own event loop),
// embedded database, setup done, one OpenAI channel pointing at the mock upstream and one token.
import { readFileSync } from 'node:fs';
import { ConsoleClient, setupRoot } from '../tests/support/console-client.js';
import { startGateway } from '../tests/support/gateway.js';
import { LONG_STREAM_MOCK_KEY } from './runner/scenario.js';

export interface FerrymanBenchTarget {
  /** Base URL, e.g. http://127.0.0.1:3000 (the runner appends /v1/chat/completions). */
  url: string;
  /** Token key sent as `Authorization: Bearer <key>`. */
  key: string;
  /** The gateway's process, for its RSS and CPU time; null for a gateway started elsewhere. */
  pid: number | null;
  /** The token pinned (`sk-<key>-<channel id>`) to a second channel whose mock key streams many chunks. */
  longStreamKey: string | null;
  close(): Promise<void>;
}

export interface FerrymanBenchOptions {
  /** Base URL of the mock upstream the channel must point at. */
  upstreamUrl: string;
  /** The node flags of the gateway process (e.g. --cpu-prof), run without `npm start`'s environment; default: `npm start`'s flags and environment (startScript). */
  nodeArgs?: string[];
  /** Default: as the test suite picks it (FERRYMAN_TEST_DB=postgres → the local PostgreSQL server). */
  database?: 'embedded' | 'postgres';
  /** FERRYMAN_THREADS for the gateway (relay threads sharing the port); default: the gateway's own default. */
  threads?: number;
  /** more environment for the gateway (e.g. FERRYMAN_HEAP_TUNING=false) */
  env?: Record<string, string>;
}

export async function startFerrymanForBench(opts: FerrymanBenchOptions): Promise<FerrymanBenchTarget | null> {
  // Logging stays on (LogConsumeEnabled default): the benchmark measures auth, billing and logging.
  const threads: Record<string, string> = opts.threads === undefined ? {} : { FERRYMAN_THREADS: String(opts.threads) };
  const start = opts.nodeArgs ? { nodeArgs: opts.nodeArgs, env: {} } : startScript();
  const gw = await startGateway({ FERRYMAN_EXPOSE_DB: 'false', BATCH_UPDATE_INTERVAL: '1', ...start.env, ...threads, ...opts.env }, {
    nodeArgs: start.nodeArgs,
    built: true,
    database: opts.database,
  });
  const root: ConsoleClient = await setupRoot(gw);
  const ch = await root.post('/api/channel/', { type: 1, name: 'bench', key: 'mock-ok', models: 'gpt-4o-mini', group: 'default', base_url: opts.upstreamUrl });
  if (!ch.body.success) throw new Error(`channel: ${ch.body.message}`);
  // Its model is never asked for, so only the pinned key reaches it.
  const long = await root.post('/api/channel/', { type: 1, name: 'bench-long-stream', key: LONG_STREAM_MOCK_KEY, models: 'bench-long-stream', group: 'default', base_url: opts.upstreamUrl });
  if (!long.body.success) throw new Error(`channel: ${long.body.message}`);
  const found = await root.get<Array<{ id: number }>>('/api/channel/search?keyword=bench-long-stream');
  const longChannelId = found.body.data?.[0]?.id;
  if (!longChannelId) throw new Error('channel: the long-stream channel was not found');
  const tk = await root.post('/api/token/', { name: 'bench', remain_quota: 0, unlimited_quota: true, expired_time: -1 });
  if (!tk.body.success) throw new Error(`token: ${tk.body.message}`);
  const list = await root.get<Array<{ key: string }>>('/api/token/?p=0&size=1');
  const key = `sk-${list.body.data![0]!.key}`;
  return { url: gw.url, key, pid: gw.pid, longStreamKey: `${key}-${longChannelId}`, close: () => gw.stop() };
}

/**
 * What `npm start` runs (`[NAME=${NAME:-default} …] node <flags> dist/core/main.js` in package.json): node's flags
 * and the environment it sets, resolved against `env` as the shell does, so the bench runs the gateway as users do.
 */
export function startScript(
  packageJson = readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  env: NodeJS.ProcessEnv = process.env,
): { nodeArgs: string[]; env: Record<string, string> } {
  const start: string = JSON.parse(packageJson).scripts.start;
  const words = start.trim().split(/\s+/);
  const vars: Record<string, string> = {};
  let m: RegExpExecArray | null;
  while ((m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(words[0] ?? ''))) {
    words.shift();
    const name = m[1]!;
    const value = m[2]!;
    const fallback = /^\$\{(\w+):-([^}$]*)\}$/.exec(value);
    if (value.includes('$') && !fallback) throw new Error(`npm start sets ${name} in a way this reader does not follow: ${value}`);
    // the shell's ${NAME:-default} takes the default when NAME is unset or empty
    vars[name] = fallback ? env[fallback[1]!] || fallback[2]! : value;
  }
  if (words[0] !== 'node' || words.at(-1) !== 'dist/core/main.js') throw new Error(`npm start is not "[NAME=value …] node <flags> dist/core/main.js": ${start}`);
  return { nodeArgs: words.slice(1, -1), env: vars };
}
