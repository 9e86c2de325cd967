// `npm run build:core && tsx bench/thread-cpu.ts [--rounds <n>] [--duration <s>] [--connections <n>] [--db embedded|postgres] [--mode non-stream|stream] [--node-args="<flags>"]`
// Where a gateway's CPU per request goes, thread by thread: the relay (main) thread, the embedded database's
// thread, V8's collector helpers, the token-counting pool. The gateway under load as in `npm run bench`, each
// thread's user + system time read from /proc/<pid>/task/<tid>/stat around every round, ÷ requests served.
import { parseArgs } from 'node:util';
import { startFerrymanForBench, type FerrymanBenchTarget } from './ferryman-target.js';
import { startChildServer } from './runner/child-server.js';
import { measureThroughput, warmUp } from './runner/measure.js';
import { threadCpuMs } from './runner/process-stats.js';
import type { Mode } from './runner/scenario.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    db: { type: 'string', default: 'embedded' },
    mode: { type: 'string', default: 'non-stream' },
    /** the gateway's node flags instead of those `npm start` passes, as footprint.ts takes them */
    'node-args': { type: 'string' },
  },
});

const servers: Array<{ close(): Promise<void> }> = [];
try {
  const mock = await startChildServer(new URL('./mock-upstream.ts', import.meta.url), ['--port', '0', '--no-record'], 'MOCK_UPSTREAM_LISTENING');
  servers.push(mock);
  const gw = (await startFerrymanForBench({
    upstreamUrl: mock.url,
    database: values.db as 'embedded' | 'postgres',
    nodeArgs: values['node-args']?.split(' ').filter(Boolean),
  })) as FerrymanBenchTarget;
  servers.push(gw);
  const pid = gw.pid!;
  const target = { name: 'ferryman', url: gw.url, key: gw.key, pid };
  const mode = values.mode as Mode;
  await warmUp(target, mode, Number(values.connections), 3);
  console.log('| round | req/s | CPU µs/req, all threads | main (relay) thread | other threads, busiest first (µs/req) |\n|---:|---:|---:|---:|---|');
  for (let round = 1; round <= Number(values.rounds); round++) {
    const before = await threadCpuMs(pid);
    const t = await measureThroughput(target, mode, Number(values.connections), Number(values.duration));
    const after = await threadCpuMs(pid);
    const perRequest = [...after].map(([tid, { ms }]) => [tid, ((ms - (before.get(tid)?.ms ?? 0)) * 1000) / t.requests] as const);
    const main = perRequest.find(([tid]) => tid === pid)?.[1] ?? 0;
    const others = perRequest.filter(([tid, us]) => tid !== pid && us >= 0.5).sort((a, b) => b[1] - a[1]);
    const total = perRequest.reduce((sum, [, us]) => sum + us, 0);
    console.log(`| ${round} | ${Math.round(t.reqPerSec)} | ${total.toFixed(0)} | ${main.toFixed(0)} | ${others.map(([, us]) => us.toFixed(0)).join(', ')} |`);
  }
} finally {
  for (const s of servers.reverse()) await s.close().catch(() => {});
}
