// `npm run bench:footprint [-- --duration <s>] [--connections <n>] [--db embedded,postgres]`
// Resident memory of the compiled gateway (dist/core/main.js, what `npm start` runs) on each database:
// at idle after setup, every second of a load of <connections> clients (half non-stream, half stream
// requests, auth, billing and consume logging on) against the mock upstream, and at idle again after it.
// RSS is read from /proc, so it covers every thread of the process (the embedded database's included);
// the breakdown says which kind of memory holds it. Memory does not depend on how loaded the machine is,
// so these figures, unlike the throughput ones, compare across runs. Asserts nothing.
import { mkdir, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startFerrymanForBench, type FerrymanBenchTarget } from './ferryman-target.js';
import { checkTarget } from './runner/check-target.js';
import { startChildServer } from './runner/child-server.js';
import { mixedLoad } from './runner/measure.js';
import { KIND_LABELS, KINDS, processMemoryBreakdown, processStatus, type MemoryBreakdown } from './runner/process-stats.js';
import { MODES, type Target } from './runner/scenario.js';

type Database = 'embedded' | 'postgres';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    db: { type: 'string', default: 'embedded,postgres' },
    settle: { type: 'string', default: '10' },
    /** The gateway's node flags instead of those `npm start` passes (e.g. "" for V8's defaults), to see what they change. */
    'node-args': { type: 'string' },
    /** FERRYMAN_THREADS for the gateway (default: the gateway's own, FERRYMAN_THREADS in core/config/env.ts) */
    threads: { type: 'string' },
  },
});
const threads = values.threads === undefined ? undefined : Number(values.threads);
const nodeArgs = values['node-args']?.split(' ').filter(Boolean);
const durationS = Number(values.duration);
const connections = Number(values.connections);
const settleS = Number(values.settle);
const databases = values.db.split(',').map((d) => d.trim()) as Database[];
if (!(durationS > 0) || !(connections > 0) || !(settleS >= 0) || databases.some((d) => d !== 'embedded' && d !== 'postgres')) {
  throw new Error('--duration and --connections must be positive, --settle ≥ 0, --db a list of embedded and postgres');
}

interface Footprint {
  database: Database;
  idleMb: number;
  /** RSS once every second of the load. */
  loadMb: number[];
  afterMb: number;
  idleAfterMb: number;
  threads: number;
  requests: number;
  failures: number;
  idleBreakdown: MemoryBreakdown;
  loadBreakdown: MemoryBreakdown;
}

const sleep = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));


async function measure(database: Database, upstreamUrl: string): Promise<Footprint> {
  const gateway: FerrymanBenchTarget | null = await startFerrymanForBench({ upstreamUrl, database, nodeArgs, threads });
  if (!gateway?.pid) throw new Error('the gateway did not start');
  const pid = gateway.pid;
  try {
    const target: Target = { name: `ferryman (${database})`, url: gateway.url, key: gateway.key };
    for (const mode of MODES) await checkTarget(target, mode);
    await sleep(settleS);
    const idle = await processStatus(pid);
    const idleBreakdown = await processMemoryBreakdown(pid);
    console.error(`${database}: idle ${idle.rssMb.toFixed(0)} MB; ${durationS} s at ${connections} connections …`);
    const loadMb: number[] = [];
    const sampler = setInterval(() => void processStatus(pid).then((s) => loadMb.push(s.rssMb)), 1000);
    const result = await mixedLoad(target, connections, durationS).finally(() => clearInterval(sampler));
    const after = await processStatus(pid);
    const loadBreakdown = await processMemoryBreakdown(pid);
    await sleep(settleS);
    const idleAfter = await processStatus(pid);
    return {
      database,
      idleMb: idle.rssMb,
      loadMb,
      afterMb: after.rssMb,
      idleAfterMb: idleAfter.rssMb,
      threads: after.threads,
      requests: result.requests.total,
      failures: result.non2xx + result.errors,
      idleBreakdown,
      loadBreakdown,
    };
  } finally {
    await gateway.close();
  }
}

const mb = (n: number) => n.toFixed(0);

function render(rows: Footprint[], failures: string[]): string {
  const lines = [
    `| database | idle RSS (MB) | RSS after ${durationS} s @${connections} (MB) | peak under load (MB) | idle after (MB) | threads | requests | non-2xx / errors |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${mb(r.idleMb)} | ${mb(r.afterMb)} | ${mb(Math.max(r.afterMb, ...r.loadMb))} | ${mb(r.idleAfterMb)} | ${r.threads} | ${r.requests} | ${r.failures} |`,
    ),
    '',
    `| database | when | ${KINDS.map((k) => KIND_LABELS[k]).join(' | ')} |`,
    `|---|---|${KINDS.map(() => '---:').join('|')}|`,
    ...rows.flatMap((r) =>
      (
        [
          ['idle', r.idleBreakdown],
          ['after load', r.loadBreakdown],
        ] as const
      ).map(([when, b]) => `| ${r.database} | ${when} | ${KINDS.map((k) => mb(b[k])).join(' | ')} |`),
    ),
    '',
    ...rows.map((r) => `RSS every 10 s under load, ${r.database}: ${r.loadMb.filter((_, i) => i % 10 === 9).map(mb).join(', ')} MB`),
  ];
  for (const failure of failures) lines.push('', `NOT MEASURED: ${failure}`);
  return lines.join('\n');
}

const rows: Footprint[] = [];
const failures: string[] = [];
const mock = await startChildServer(new URL('./mock-upstream.ts', import.meta.url), ['--port', '0', '--no-record'], 'MOCK_UPSTREAM_LISTENING');
try {
  for (const database of databases) {
    try {
      rows.push(await measure(database, mock.url));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      failures.push(`${database}: ${reason.split('\n')[0]}`);
      console.error(`\n✗ ${database} NOT MEASURED\n${reason}\n`);
      process.exitCode = 1;
    }
  }
} finally {
  await mock.close();
}
const table = render(rows, failures);
console.log(`\n${table}\n`);
const dir = new URL('./results/', import.meta.url);
await mkdir(dir, { recursive: true });
await writeFile(new URL('footprint.json', dir), JSON.stringify({ generatedAt: new Date().toISOString(), durationS, connections, rows, failures, table }, null, 2) + '\n');
await writeFile(new URL('footprint.md', dir), `# Footprint ${new Date().toISOString()}\n\n${table}\n`);
