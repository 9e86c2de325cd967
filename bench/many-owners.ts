// `npm run build:core && tsx bench/many-owners.ts [--owners 1,1000,10000] [--rounds 2] [--duration 10] [--connections 50] [--db embedded|postgres] [--no-analyze]`
// A reseller's load: many users, each with a token of its own (limited quota), each request from one of them at
// random, where `npm run bench` sends every request with one token. Each owner new to the node (or idle past its
// slice's hand-back) costs a token and a user load, a lease refill, its slices' write-backs and their hand-back:
// this measures what that costs. Per round: req/s, latency, the gateway's CPU per request by thread (from
// /proc/<pid>/task/*/stat; "node" threads are the relay thread and the embedded database's), RSS; at the end the
// books (what the owners' balances lost = what is still leased + Σ consume logs).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { setupRoot } from '../tests/support/console-client.js';
import { startGateway } from '../tests/support/gateway.js';
import { startScript } from './ferryman-target.js';
import { startChildServer } from './runner/child-server.js';
import { processStatus, threadCpuMs } from './runner/process-stats.js';
import { SCENARIO_PATH, scenarioBody } from './runner/scenario.js';

const { values } = parseArgs({
  options: {
    owners: { type: 'string', default: '1,1000,10000' },
    rounds: { type: 'string', default: '2' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    db: { type: 'string', default: 'embedded' },
    /** leave the tables without statistics, as in the first minute after the owners are inserted */
    'no-analyze': { type: 'boolean', default: false },
  },
});
const ownerCounts = values.owners.split(',').map(Number);
const BALANCE = 1_000_000_000_000;

const mock = await startChildServer(new URL('./mock-upstream.ts', import.meta.url), ['--port', '0', '--no-record'], 'MOCK_UPSTREAM_LISTENING');
const start = startScript();
const gw = await startGateway({ FERRYMAN_EXPOSE_DB: 'true', BATCH_UPDATE_INTERVAL: '1', ...start.env }, {
  nodeArgs: start.nodeArgs,
  built: true,
  database: values.db as 'embedded' | 'postgres',
});
try {
  const root = await setupRoot(gw);
  const ch = await root.post('/api/channel/', { type: 1, name: 'bench', key: 'mock-ok', models: 'gpt-4o-mini', group: 'default', base_url: mock.url });
  if (!ch.body.success) throw new Error(`channel: ${ch.body.message}`);
  // owners straight into the database: a thousand at a time, each user with one limited token
  const keys: string[] = [];
  const most = Math.max(...ownerCounts);
  for (let made = 0; made < most; made += 1000) {
    const names = Array.from({ length: Math.min(1000, most - made) }, (_, i) => `owner${made + i}`);
    const users = await gw.sql<{ id: number }[]>`
      INSERT INTO users (username, password, display_name, role, status, quota, "group")
      SELECT u, '', u, 1, 1, ${BALANCE}, 'default' FROM unnest(${names}::text[]) u RETURNING id`;
    const batch = users.map(() => randomBytes(24).toString('hex'));
    await gw.sql`
      INSERT INTO tokens (user_id, key, name, status, remain_quota, expired_time)
      SELECT uid, k, 'bench', 1, ${BALANCE}, -1 FROM unnest(${users.map((u) => u.id)}::int8[], ${batch}::text[]) AS x(uid, k)`;
    keys.push(...batch);
  }
  // Statistics as a database that has run a while has them (the embedded database's upkeep, PostgreSQL's
  // autovacuum), quota_leases' taken with every slice home. Without them the planner took the owners' tables for
  // tiny, which hid plans that read whole tables once it knew better (sql/0022_batch_index_plans.sql).
  if (!values['no-analyze']) await gw.sql`ANALYZE`;
  const load = (owners: number, seconds: number) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(
        {
          url: gw.url + SCENARIO_PATH,
          method: 'POST',
          connections: Number(values.connections),
          duration: seconds,
          body: scenarioBody('non-stream'),
          headers: { 'content-type': 'application/json' },
          requests: [{ setupRequest: (r) => ({ ...r, headers: { ...r.headers, authorization: `Bearer sk-${keys[Math.floor(Math.random() * owners)]}` } }) }],
        },
        (e, r) => (e ? reject(e instanceof Error ? e : new Error(String(e))) : resolve(r)),
      ),
    );
  await load(1, 3);
  console.log('| owners | round | req/s | non-2xx | p50 / p99 / max (ms) | CPU µs/req, all threads | busiest threads (µs/req) | RSS (MB) |\n|---:|---:|---:|---:|---|---:|---|---:|');
  for (const owners of ownerCounts) {
    for (let round = 1; round <= Number(values.rounds); round++) {
      const before = await threadCpuMs(gw.pid!);
      const r = await load(owners, Number(values.duration));
      const after = await threadCpuMs(gw.pid!);
      const perRequest = [...after].map(([tid, { name, ms }]) => [name, ((ms - (before.get(tid)?.ms ?? 0)) * 1000) / r.requests.total] as const).sort((a, b) => b[1] - a[1]);
      const total = perRequest.reduce((s, [, us]) => s + us, 0);
      const busiest = perRequest.slice(0, 3).map(([name, us]) => `${name} ${us.toFixed(0)}`).join(', ');
      console.log(`| ${owners} | ${round} | ${Math.round(r.requests.average)} | ${r.non2xx} | ${r.latency.p50} / ${r.latency.p99} / ${r.latency.max} | ${total.toFixed(0)} | ${busiest} | ${(await processStatus(gw.pid!)).rssMb.toFixed(0)} |`);
    }
  }
  // the last slices are handed back within two ticks of going idle
  for (let s = 0; s < 60; s++) {
    const [l] = await gw.sql<{ n: number; amount: string }[]>`SELECT count(*)::int AS n, coalesce(sum(amount), 0) AS amount FROM quota_leases`;
    if (l!.n === 0) break;
    if (s === 59) console.log(`\nafter a minute idle, ${l!.n} lease rows still hold ${l!.amount}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const [books] = await gw.sql<{ spent: string; leased: string; logged: string }[]>`
    SELECT (SELECT sum(${BALANCE} - quota) FROM users WHERE username LIKE 'owner%') AS spent,
           (SELECT coalesce(sum(amount), 0) FROM quota_leases WHERE kind = 'u') AS leased,
           (SELECT coalesce(sum(quota), 0) FROM logs WHERE type = 2 AND username LIKE 'owner%') AS logged`;
  const drift = Number(books!.spent) - Number(books!.leased) - Number(books!.logged);
  console.log(`\nbooks: owners' balances lost ${books!.spent}, still leased ${books!.leased}, consume logs ${books!.logged}: drift ${drift}`);
} finally {
  await gw.stop();
  await mock.close();
}
