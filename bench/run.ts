// `npm run bench [-- --quick | --duration <s>] [--connections <n>]`
// Measures the mock directly, the bare uWS+undici floor and (when available)
// Ferryman, each in non-stream and stream mode, and reports Ferryman's cost as
// ratios against the floor. Asserts nothing.
import { parseArgs } from 'node:util';
import { startFerrymanForBench, type FerrymanBenchTarget } from './ferryman-target.js';
import { checkTarget } from './runner/check-target.js';
import { startChildServer, type ChildServer } from './runner/child-server.js';
import { measureLatency, measureThroughput, warmUp } from './runner/measure.js';
import { describeRun, renderTable, writeResults, type Row, type RunInfo } from './runner/report.js';
import { MODES, type Target } from './runner/scenario.js';

const FLOOR = 'bare floor';

const { values } = parseArgs({
  options: {
    duration: { type: 'string' },
    quick: { type: 'boolean' },
    connections: { type: 'string', default: '50' },
  },
});
const durationS = values.duration ? Number(values.duration) : values.quick ? 3 : 10;
const connections = Number(values.connections);
if (!(durationS > 0) || !(connections > 0)) throw new Error('--duration and --connections must be positive numbers');
const warmUpS = Math.max(1, Math.round(durationS / 5));

async function gatewayTarget(upstreamUrl: string): Promise<FerrymanBenchTarget | null> {
  const url = process.env.BENCH_GATEWAY_URL;
  const key = process.env.BENCH_GATEWAY_KEY;
  if (url && key) return { url: url.replace(/\/+$/, ''), key, close: async () => {} };
  return startFerrymanForBench({ upstreamUrl });
}

async function measure(targets: Target[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const target of targets) {
    for (const mode of MODES) {
      await checkTarget(target, mode);
      console.error(`measuring ${target.name} (${mode}) …`);
      await warmUp(target, mode, connections, warmUpS);
      const throughput = await measureThroughput(target, mode, connections, durationS);
      const latency = await measureLatency(target, mode, durationS);
      rows.push({ target: target.name, mode, throughput, latency });
    }
  }
  return rows;
}

const servers: { close(): Promise<void> }[] = [];
try {
  const mock: ChildServer = await startChildServer(new URL('./mock-upstream.ts', import.meta.url), ['--port', '0', '--no-record'], 'MOCK_UPSTREAM_LISTENING');
  servers.push(mock);
  const bare = await startChildServer(new URL('./bare-proxy.ts', import.meta.url), ['--port', '0', '--target', mock.url], 'BARE_PROXY_LISTENING');
  servers.push(bare);
  const ferryman = await gatewayTarget(mock.url);
  if (ferryman) servers.push(ferryman);

  const targets: Target[] = [
    { name: 'mock (direct)', url: mock.url, key: 'mock-ok' },
    { name: FLOOR, url: bare.url, key: 'mock-ok' },
    ...(ferryman ? [{ name: 'ferryman', url: ferryman.url, key: ferryman.key }] : []),
  ];
  const info: RunInfo = { durationS, connections, floor: FLOOR };
  const rows = await measure(targets);
  const table = renderTable(rows, info);
  console.log(`\n${describeRun(info)}\n\n${table}\n`);
  await writeResults(new URL('./results/', import.meta.url), rows, info, table);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  for (const server of servers.reverse()) await server.close().catch(() => {});
}
