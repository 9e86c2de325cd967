// `npm run bench [-- --quick | --duration <s>] [--rounds <n>] [--connections <n>]`
// Measures the mock directly, the bare uWS+undici floor, Ferryman and the peer, Portkey's AI gateway
// (when they start), each in non-stream and stream mode, and reports their cost as ratios against the
// floor, with each server process's CPU time per request and per relayed chunk, its memory and the first
// byte of a stream. The targets take turns within each round, so a machine whose speed drifts (shared
// cores) skews every target alike, and the ratio is the median of the per-round ratios. Asserts nothing;
// a target that cannot serve the scenario is reported and left out, and the run exits 1.
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startFerrymanForBench, type FerrymanBenchTarget } from './ferryman-target.js';
import { portkeyHeaders, startPortkey } from './peer/portkey.js';
import { checkTarget } from './runner/check-target.js';
import { startChildServer, type ChildServer } from './runner/child-server.js';
import { firstByteDelay, measureThroughput, sampleLatency, summarizeLatency, warmUp, type LatencySample, type Throughput } from './runner/measure.js';
import { processStatus } from './runner/process-stats.js';
import { describeRun, renderCosts, renderTable, writeResults, type Row, type RunInfo, type TargetCost } from './runner/report.js';
import { EXTRA_LONG_STREAM_CHUNKS, LONG_STREAM_MOCK_KEY, longStreamTarget, MODES, type Target } from './runner/scenario.js';

const FLOOR = 'bare floor';
const PEER = 'portkey gateway';

const { values } = parseArgs({
  options: {
    duration: { type: 'string' },
    rounds: { type: 'string' },
    quick: { type: 'boolean' },
    connections: { type: 'string', default: '50' },
    /** FERRYMAN_THREADS for the gateway, e.g. --threads 1 and --threads 2 to see throughput grow with cores */
    threads: { type: 'string' },
  },
});
const threads = values.threads === undefined ? undefined : Number(values.threads);
if (threads !== undefined && !(Number.isInteger(threads) && threads >= 0)) throw new Error('--threads must be an integer ≥ 0 (0 = one per core)');
const durationS = values.duration ? Number(values.duration) : values.quick ? 2 : 2.5;
const rounds = values.rounds ? Number(values.rounds) : values.quick ? 2 : 3;
const connections = Number(values.connections);
if (!(durationS > 0) || !(connections > 0) || !(Number.isInteger(rounds) && rounds > 0)) {
  throw new Error('--duration, --rounds and --connections must be positive numbers');
}
const warmUpS = 2;
const FIRST_BYTE_SAMPLES = 100;

async function gatewayTarget(upstreamUrl: string): Promise<FerrymanBenchTarget | null> {
  const url = process.env.BENCH_GATEWAY_URL;
  const key = process.env.BENCH_GATEWAY_KEY;
  if (url && key) return { url: url.replace(/\/+$/, ''), key, pid: null, longStreamKey: null, close: async () => {} };
  return startFerrymanForBench({ upstreamUrl, threads });
}

/** A target that cannot serve the scenario is left out, loudly, and fails the run. */
const failures: string[] = [];
function fail(name: string, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  // For the table: the headline plus the first line naming an error (a child's stack hides it).
  const lines = reason.split('\n').map((line) => line.trim());
  const cause = lines.find((line, i) => i > 0 && /Error\b/.test(line));
  failures.push(`${name}: ${[lines[0], cause].filter(Boolean).join(' ')}`);
  console.error(`\n✗ ${name} NOT MEASURED\n${reason}\n`);
  process.exitCode = 1;
}

async function measure(targets: Target[]): Promise<{ rows: Row[]; costs: TargetCost[] }> {
  const live: Target[] = [];
  for (const target of targets) {
    try {
      for (const mode of MODES) await checkTarget(target, mode);
      if (target.longStreamKey) await checkTarget(longStreamTarget(target), 'stream');
      live.push(target);
    } catch (error) {
      fail(target.name, error);
    }
  }
  const rows: Row[] = [];
  const chunkCpuUs = new Map<Target, number[]>(live.map((t) => [t, []]));
  for (const mode of MODES) {
    for (const target of live) {
      console.error(`warming up ${target.name} (${mode}) …`);
      await warmUp(target, mode, connections, warmUpS);
      if (mode === 'stream' && target.longStreamKey) await warmUp(longStreamTarget(target), mode, connections, warmUpS);
    }
    const throughput = new Map<Target, Throughput[]>(live.map((t) => [t, []]));
    const latency = new Map<Target, LatencySample[]>(live.map((t) => [t, []]));
    for (let round = 1; round <= rounds; round++) {
      console.error(`round ${round}/${rounds} (${mode}) …`);
      for (const target of live) throughput.get(target)!.push(await measureThroughput(target, mode, connections, durationS));
      for (const target of live) latency.get(target)!.push(await sampleLatency(target, mode, durationS));
      if (mode !== 'stream') continue;
      // The CPU a chunk costs: a stream of many more chunks, against this round's normal stream.
      for (const target of live) {
        if (!target.longStreamKey) continue;
        const long = await measureThroughput(longStreamTarget(target), mode, connections, durationS);
        const normal = throughput.get(target)!.at(-1)!;
        chunkCpuUs.get(target)!.push((long.cpuUsPerRequest - normal.cpuUsPerRequest) / EXTRA_LONG_STREAM_CHUNKS);
      }
    }
    for (const target of live) {
      rows.push({ target: target.name, mode, rounds: throughput.get(target)!, latency: summarizeLatency(latency.get(target)!) });
    }
  }
  const costs: TargetCost[] = [];
  for (const target of live) {
    const status = target.pid ? await processStatus(target.pid) : null;
    costs.push({
      target: target.name,
      chunkCpuUs: chunkCpuUs.get(target)!.filter(Number.isFinite),
      rssMb: status?.rssMb ?? Number.NaN,
      hwmMb: status?.hwmMb ?? Number.NaN,
      firstByteMs: await firstByteDelay(target, FIRST_BYTE_SAMPLES),
    });
  }
  return { rows, costs };
}

async function startPeer(): Promise<ChildServer | null> {
  try {
    return await startPortkey(fileURLToPath(new URL('./results/portkey/', import.meta.url)));
  } catch (error) {
    fail(PEER, error);
    return null;
  }
}

const loadBefore = os.loadavg()[0] ?? 0;
const servers: { close(): Promise<void> }[] = [];
try {
  const mock = await startChildServer(new URL('./mock-upstream.ts', import.meta.url), ['--port', '0', '--no-record'], 'MOCK_UPSTREAM_LISTENING');
  servers.push(mock);
  const bare = await startChildServer(new URL('./bare-proxy.ts', import.meta.url), ['--port', '0', '--target', mock.url], 'BARE_PROXY_LISTENING');
  servers.push(bare);
  const ferryman = await gatewayTarget(mock.url).catch((error: unknown) => {
    fail('ferryman', error);
    return null;
  });
  if (ferryman) servers.push(ferryman);
  const peer = await startPeer();
  if (peer) servers.push(peer);

  const targets: Target[] = [
    { name: 'mock (direct)', url: mock.url, key: 'mock-ok', pid: mock.pid, longStreamKey: LONG_STREAM_MOCK_KEY },
    { name: FLOOR, url: bare.url, key: 'mock-ok', pid: bare.pid, longStreamKey: LONG_STREAM_MOCK_KEY },
    ...(ferryman
      ? [{ name: 'ferryman', url: ferryman.url, key: ferryman.key, pid: ferryman.pid ?? undefined, longStreamKey: ferryman.longStreamKey ?? undefined }]
      : []),
    ...(peer ? [{ name: PEER, url: peer.url, key: 'mock-ok', headers: portkeyHeaders(mock.url), pid: peer.pid, longStreamKey: LONG_STREAM_MOCK_KEY }] : []),
  ];
  const info: RunInfo = { durationS, rounds, connections, floor: FLOOR, loadBefore };
  const { rows, costs } = await measure(targets);
  const table = `${renderTable(rows, info, failures)}\n\n${renderCosts(costs)}`;
  console.log(`\n${describeRun(info)}\n\n${table}\n`);
  await writeResults(new URL('./results/', import.meta.url), rows, costs, info, table, failures);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  for (const server of servers.reverse()) await server.close().catch(() => {});
}
