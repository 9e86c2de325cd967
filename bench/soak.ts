// `npm run build:core && npx tsx bench/soak.ts [--minutes 20] [--connections 50] [--db embedded|postgres] [--threads n]`
// The compiled gateway (what `npm start` runs) under steady mixed traffic (half non-stream, half stream requests;
// auth, billing and consume logging on) against the mock upstream for <minutes>: its resident memory sampled every
// 10 s (and by kind, from smaps, every minute), then the slope of it after the warm-up (a leak shows as growth once
// caches and heaps have filled), what each kind grew by, and the highest sample, and the ledger drift: what the
// balance lost beyond the sum of the consume logs written (0 when every charge has its log and no log its missing
// charge). Asserts nothing; writes bench/results/soak.{json,md}.
import { mkdir, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ConsoleClient, ROOT_USER } from '../tests/support/console-client.js';
import type { TestGateway } from '../tests/support/gateway.js';
import { startFerrymanForBench } from './ferryman-target.js';
import { checkTarget } from './runner/check-target.js';
import { startChildServer } from './runner/child-server.js';
import { mixedLoad } from './runner/measure.js';
import { processMemoryBreakdown, processStatus } from './runner/process-stats.js';
import { MODES, type Target } from './runner/scenario.js';
import { kindGrowth, ledgerDrift, summarizeRss, type Books, type KindSample, type RssSample } from './runner/soak-stats.js';

const SAMPLE_S = 10;
/** smaps is read less often: the breakdown only has to say which kind of memory a slope is made of */
const KINDS_EVERY_S = 60;
const SOAK_QUOTA = 1e13;

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    db: { type: 'string', default: 'embedded' },
    /** seconds at the start left out of the slope; default: 2 minutes, or a third of a shorter run */
    'warm-up': { type: 'string' },
    /** FERRYMAN_THREADS for the gateway (default: its own) */
    threads: { type: 'string' },
  },
});
const minutes = Number(values.minutes);
const connections = Number(values.connections);
const database = values.db === 'postgres' ? 'postgres' : 'embedded';
const durationS = Math.round(minutes * 60);
const warmUpS = values['warm-up'] === undefined ? Math.min(120, durationS / 3) : Number(values['warm-up']);
if (!(durationS > 0) || !(connections > 0) || !(warmUpS >= 0) || (values.db !== 'embedded' && values.db !== 'postgres')) {
  throw new Error('--minutes and --connections must be positive, --warm-up ≥ 0, --db embedded or postgres');
}

const sleep = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));

/** The root user's balance and the sum of its consume logs, as the console shows them. */
async function books(root: ConsoleClient): Promise<Books> {
  const self = await root.get<{ quota: number }>('/api/user/self');
  const stat = await root.get<{ quota: number }>('/api/log/self/stat?type=2');
  if (!self.body.success || !stat.body.success) throw new Error(`reading the books failed: ${self.body.message ?? stat.body.message}`);
  return { quota: self.body.data!.quota, logged: stat.body.data!.quota };
}


const mock = await startChildServer(new URL('./mock-upstream.ts', import.meta.url), ['--port', '0', '--no-record'], 'MOCK_UPSTREAM_LISTENING');
const gateway = await startFerrymanForBench({
  upstreamUrl: mock.url,
  database,
  threads: values.threads === undefined ? undefined : Number(values.threads),
}).catch(async (e: unknown) => {
  await mock.close();
  throw e;
});
try {
  if (!gateway?.pid) throw new Error('the gateway did not start');
  const pid = gateway.pid;
  const target: Target = { name: `ferryman (${database})`, url: gateway.url, key: gateway.key };
  for (const mode of MODES) await checkTarget(target, mode);
  const root = new ConsoleClient({ url: gateway.url } as TestGateway);
  await root.login(ROOT_USER.username, ROOT_USER.password);
  // Setup's 100 000 000 quota pays for ~15 million of these requests, 45 minutes of a fast phase here: the soak
  // would go on measuring refusals.
  const funded = await root.put('/api/user/', { id: root.userId, quota: SOAK_QUOTA });
  if (!funded.body.success) throw new Error(`funding the soak's user failed: ${funded.body.message}`);
  // the checks' charges settle before the books are opened
  await sleep(5);
  const before = await books(root);

  console.error(`soak: ${minutes} min at ${connections} connections, ${database} database, RSS every ${SAMPLE_S} s …`);
  const startedAt = Date.now();
  const samples: RssSample[] = [];
  const kindSamples: KindSample[] = [];
  const sample = async (last = false) => {
    const { rssMb } = await processStatus(pid);
    const atS = Math.round((Date.now() - startedAt) / 1000);
    samples.push({ atS, rssMb });
    console.error(`  ${atS} s: ${rssMb.toFixed(1)} MB`);
    if (last || atS >= kindSamples.length * KINDS_EVERY_S) kindSamples.push({ atS, kinds: await processMemoryBreakdown(pid) });
  };
  await sample();
  const sampler = setInterval(() => void sample(), SAMPLE_S * 1000);
  const result = await mixedLoad(target, connections, durationS).finally(() => clearInterval(sampler));
  await sample(true);

  // leases handed back and batched writes flushed (1 s each by default) before the books close
  await sleep(5);
  const after = await books(root);
  const rss = summarizeRss(samples, warmUpS);
  const drift = ledgerDrift(before, after);
  const kinds = kindGrowth(kindSamples, warmUpS);
  const fmt = (n: number | null, digits = 1) => (n === null ? 'n/a' : n.toFixed(digits));
  const table = [
    `| database | minutes | connections | requests | non-2xx / errors | RSS max (MB) | RSS slope after ${warmUpS} s (MiB / 10 min) | ledger drift (quota) |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    `| ${database} | ${minutes} | ${connections} | ${result.requests.total} | ${result.non2xx + result.errors} | ${fmt(rss.maxMb)} | ${fmt(rss.slopeMbPer10Min, 2)} | ${drift} |`,
    '',
    `RSS every ${SAMPLE_S} s: ${samples.map((s) => s.rssMb.toFixed(0)).join(', ')} MB`,
    kinds
      ? `By kind, MB from ${kinds.fromS} s to the end: ${kinds.kinds.map((k) => `${k.kind} ${k.fromMb.toFixed(1)} → ${k.toMb.toFixed(1)}`).join(', ')}`
      : 'By kind: too few samples after the warm-up',
    // autocannon's errors include its timeouts
    `Failures: ${result.non2xx} non-2xx answers, ${result.errors} connection errors (${result.timeouts} of them timeouts)`,
  ].join('\n');
  console.log(`\n${table}\n`);
  const dir = new URL('./results/', import.meta.url);
  await mkdir(dir, { recursive: true });
  const generatedAt = new Date().toISOString();
  await writeFile(new URL('soak.json', dir), JSON.stringify({ generatedAt, database, minutes, connections, warmUpS, samples, kindSamples, rss, before, after, drift, table }, null, 2) + '\n');
  await writeFile(new URL('soak.md', dir), `# Soak ${generatedAt}\n\n${table}\n`);
} finally {
  await gateway?.close();
  await mock.close();
}
