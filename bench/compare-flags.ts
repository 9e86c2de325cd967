// `npm run build:core && tsx bench/compare-flags.ts [--rounds <n>] [--duration <s>] [--connections <n>] [--db embedded|postgres] [--mode non-stream|stream] --variant="<A>" --variant="<B>" ...`
// A variant is node flags and environment, e.g. "--max-semi-space-size=8 FERRYMAN_HEAP_TUNING=false" ("" is plain
// node with the gateway's defaults). This tree's gateway started once per variant (the first is the reference), all on
// one mock upstream, taking turns within each round (in reverse order every other round) so a machine whose
// speed drifts slows them alike. Reports each one's server CPU per request and req/s, and the per-round CPU
// ratio against the reference: on a shared 2-core machine a few percent shows only as a ratio within a round.
import { parseArgs } from 'node:util';
import { startFerrymanForBench, type FerrymanBenchTarget } from './ferryman-target.js';
import { startChildServer } from './runner/child-server.js';
import { measureThroughput, warmUp } from './runner/measure.js';
import { median } from './runner/report.js';
import type { Mode, Target } from './runner/scenario.js';
import { parseVariant } from './runner/variant.js';

const { values } = parseArgs({
  options: {
    variant: { type: 'string', multiple: true, default: [] },
    rounds: { type: 'string', default: '10' },
    duration: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    db: { type: 'string', default: 'embedded' },
    mode: { type: 'string', default: 'non-stream' },
  },
});
const variants = values.variant;
if (variants.length < 2) throw new Error('give at least two variants, e.g. --variant="--max-semi-space-size=4" --variant="--max-semi-space-size=8"');
const mode = values.mode as Mode;
const connections = Number(values.connections);
const servers: Array<{ close(): Promise<void> }> = [];
try {
  const mock = await startChildServer(new URL('./mock-upstream.ts', import.meta.url), ['--port', '0', '--no-record'], 'MOCK_UPSTREAM_LISTENING');
  servers.push(mock);
  const targets: Array<Target & { us: number[]; rps: number[] }> = [];
  for (const flags of variants) {
    const { nodeArgs, env } = parseVariant(flags);
    const t = (await startFerrymanForBench({ upstreamUrl: mock.url, database: values.db as 'embedded' | 'postgres', nodeArgs, env })) as FerrymanBenchTarget;
    servers.push(t);
    targets.push({ name: flags || '(no flags)', url: t.url, key: t.key, pid: t.pid ?? undefined, us: [], rps: [] });
  }
  for (const t of targets) await warmUp(t, mode, connections, 3);
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const t of round % 2 ? [...targets].reverse() : targets) {
      const m = await measureThroughput(t, mode, connections, Number(values.duration));
      t.us.push(m.cpuUsPerRequest);
      t.rps.push(m.reqPerSec);
    }
  }
  const [ref] = targets;
  console.log(`${mode}, ${values.db}, ${connections} connections\n| variant | CPU µs/req (median, rounds) | req/s (median) | CPU vs the first (median of per-round ratios, min–max) |\n|---|---:|---:|---:|`);
  for (const t of targets) {
    const ratios = t.us.map((us, i) => us / ref!.us[i]!);
    const spread = `${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
    console.log(`| ${t.name} | ${median(t.us).toFixed(0)} (${t.us.map((u) => u.toFixed(0)).join(', ')}) | ${median(t.rps).toFixed(0)} | ${spread} |`);
  }
} finally {
  for (const s of servers.reverse()) await s.close().catch(() => {});
}
