// `tsx bench/compare-baseline.ts --baseline <another checkout> [--rounds <n>] [--duration <s>] [--connections <n>]`
// This checkout's Ferryman against another checkout's (say, the commit before a change), both built
// (`npm run build:core` in each) and both pointing at one mock upstream. They take turns within each
// round, so drift on a shared machine skews both alike; the ratio column reads "this commit vs baseline".
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startFerrymanForBench, type FerrymanBenchTarget } from './ferryman-target.js';
import { checkTarget } from './runner/check-target.js';
import { startChildServer } from './runner/child-server.js';
import { measureThroughput, sampleLatency, summarizeLatency, warmUp, type LatencySample, type Throughput } from './runner/measure.js';
import { renderTable, type Row } from './runner/report.js';
import { MODES, type Target } from './runner/scenario.js';

const { values } = parseArgs({
  options: {
    baseline: { type: 'string' },
    duration: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
  },
});
if (!values.baseline) throw new Error('--baseline <path to another checkout> is required');
const durationS = Number(values.duration);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const BASELINE = 'ferryman (baseline)';

const baselineModule = pathToFileURL(resolve(values.baseline, 'bench/ferryman-target.ts')).href;
const { startFerrymanForBench: startBaseline } = (await import(baselineModule)) as { startFerrymanForBench: typeof startFerrymanForBench };

const servers: Array<{ close(): Promise<void> }> = [];
try {
  const mock = await startChildServer(new URL('./mock-upstream.ts', import.meta.url), ['--port', '0', '--no-record'], 'MOCK_UPSTREAM_LISTENING');
  servers.push(mock);
  const start = async (name: string, boot: typeof startFerrymanForBench): Promise<Target> => {
    const t = (await boot({ upstreamUrl: mock.url })) as FerrymanBenchTarget;
    servers.push(t);
    // A baseline from before the pid existed measures no CPU time (n/a in the table).
    return { name, url: t.url, key: t.key, pid: t.pid ?? undefined };
  };
  const targets = [await start(BASELINE, startBaseline), await start('ferryman (this checkout)', startFerrymanForBench)];
  const rows: Row[] = [];
  for (const mode of MODES) {
    for (const t of targets) {
      await checkTarget(t, mode);
      await warmUp(t, mode, connections, 2);
    }
    const tp = new Map<Target, Throughput[]>(targets.map((t) => [t, []]));
    const lat = new Map<Target, LatencySample[]>(targets.map((t) => [t, []]));
    for (let round = 1; round <= rounds; round++) {
      console.error(`round ${round}/${rounds} (${mode}) …`);
      for (const t of targets) tp.get(t)!.push(await measureThroughput(t, mode, connections, durationS));
      for (const t of targets) lat.get(t)!.push(await sampleLatency(t, mode, durationS));
    }
    for (const t of targets) rows.push({ target: t.name, mode, rounds: tp.get(t)!, latency: summarizeLatency(lat.get(t)!) });
  }
  console.log(renderTable(rows, { durationS, rounds, connections, floor: BASELINE, loadBefore: 0 }, []).replaceAll('vs floor', 'vs baseline'));
} finally {
  for (const s of servers.reverse()) await s.close().catch(() => {});
}
