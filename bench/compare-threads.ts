// `npm run build:core && tsx bench/compare-threads.ts [--threads <n>] [--rounds <n>] [--duration <s>] [--connections <n>] [--db embedded|postgres]`
// One gateway with a single relay thread against one with N (FERRYMAN_THREADS, default: every core), both on one
// mock upstream, taking turns within each round as compare-baseline does; the ratio is N threads vs one.
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { startFerrymanForBench, type FerrymanBenchTarget } from './ferryman-target.js';
import { startChildServer } from './runner/child-server.js';
import { measureThroughput, warmUp } from './runner/measure.js';
import { median } from './runner/report.js';
import { MODES, type Target } from './runner/scenario.js';

const { values } = parseArgs({
  options: {
    threads: { type: 'string', default: String(availableParallelism()) },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '100' },
    db: { type: 'string', default: 'embedded' },
  },
});
const counts = [1, Number(values.threads)];
const servers: Array<{ close(): Promise<void> }> = [];
try {
  const mock = await startChildServer(new URL('./mock-upstream.ts', import.meta.url), ['--port', '0', '--no-record'], 'MOCK_UPSTREAM_LISTENING');
  servers.push(mock);
  const targets: Target[] = [];
  for (const threads of counts) {
    const t = (await startFerrymanForBench({ upstreamUrl: mock.url, database: values.db as 'embedded' | 'postgres', threads })) as FerrymanBenchTarget;
    servers.push(t);
    targets.push({ name: `${threads} thread${threads > 1 ? 's' : ''}`, url: t.url, key: t.key, pid: t.pid ?? undefined });
  }
  console.log(`| mode | ${targets.map((t) => `req/s, ${t.name} (rounds)`).join(' | ')} | ratio (median) |\n|---|---:|---:|---:|`);
  for (const mode of MODES) {
    for (const t of targets) await warmUp(t, mode, Number(values.connections), 2);
    const rps = targets.map(() => [] as number[]);
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const [i, t] of targets.entries()) rps[i]!.push(Math.round((await measureThroughput(t, mode, Number(values.connections), Number(values.duration))).reqPerSec));
    }
    console.log(`| ${mode} | ${rps.map((r) => `${median(r)} (${r.join(', ')})`).join(' | ')} | ${(median(rps[1]!) / median(rps[0]!)).toFixed(2)}× |`);
  }
} finally {
  for (const s of servers.reverse()) await s.close().catch(() => {});
}
