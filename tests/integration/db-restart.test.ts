import { afterEach, describe, expect, it } from 'vitest';
import { eventually, setupRoot } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { startMockUpstreamProcess, type MockUpstreamProcess } from '../support/mock-upstream-process.js';
import { addChannel, addToken, type RelayFixture } from '../support/relay-fixture.js';
import { TASK_POLLER_LOCK } from '../../core/tasks/poller/leader-lock.js';
import { testDbKind } from '../support/test-database.js';
import { postgresBinDir, startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres.js';

// PostgreSQL restarted under the gateway's feet, mid-load (issue 12, "Bad input and faults"): every request gets a
// whole answer (served or a clean error, never a cut connection), the gateway reconnects by itself, and once
// the database is back the books close: the balance fell by exactly what the upstream served, each charge with
// its consume log. The database is a throwaway cluster of the test's own (initdb/pg_ctl on a free port), so the
// shared server is untouched.
// Skipped on the embedded database: it runs inside the gateway's process and cannot restart without it
// (crash-safety.test.ts covers that process dying). Skipped too where no PostgreSQL server binaries are installed.

const FLAT = 500; // flat-model at $0.001 a call
const BOOT_TIMEOUT = 240_000;
const bin = postgresBinDir();
const OUTAGE_MS = 5000;

interface Tally {
  ok: number;
  /** error answers in the OpenAI envelope */
  failed: number;
  /** their statuses */
  failedStatuses: Set<number>;
  /** anything else: a cut connection, a body that is not an answer */
  unclean: string[];
  /** answers delivered after the database came back */
  okAfterRestart: number;
  /** when the first of them came (performance.now()) */
  firstOkAfterRestartAt: number | null;
}

function load(gw: TestGateway, key: string, workers: number, restarted: () => boolean) {
  let running = true;
  const tally: Tally = { ok: 0, failed: 0, failedStatuses: new Set(), unclean: [], okAfterRestart: 0, firstOkAfterRestartAt: null };
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      try {
        const r = await fetch(`${gw.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'flat-model', messages: [{ role: 'user', content: 'hi' }] }),
          signal: AbortSignal.timeout(60_000),
        });
        const body = (await r.json()) as { choices?: unknown; error?: { message?: string } };
        if (r.status === 200 && body.choices) {
          tally.ok++;
          if (restarted()) {
            tally.okAfterRestart++;
            tally.firstOkAfterRestartAt ??= performance.now();
          }
        } else if (r.status >= 400 && typeof body.error?.message === 'string') {
          tally.failed++;
          tally.failedStatuses.add(r.status);
        }
        else tally.unclean.push(`${r.status} ${JSON.stringify(body).slice(0, 200)}`);
      } catch (e) {
        tally.unclean.push(String(e));
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  return {
    tally,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe.skipIf(testDbKind() !== 'postgres' || bin === null)('PostgreSQL restarted mid-load', () => {
  let pg: ThrowawayPostgres | undefined;
  let mock: MockUpstreamProcess | undefined;
  let gw: TestGateway | undefined;
  const cleanUp = async () => {
    await gw?.stop().catch(() => {});
    await mock?.stop();
    await pg?.destroy();
    gw = mock = pg = undefined;
  };
  afterEach(cleanUp);

  // with quota leased into memory (the default) and with one reservation statement per request
  it.each(['true', 'false'])('QUOTA_LEASES=%s: answers every request cleanly, reconnects by itself and loses or doubles no charge', async (leases) => {
    pg = await startThrowawayPostgres(bin!);
    mock = await startMockUpstreamProcess();
    const gateway = await startGateway({ STARTUP_RETRY_ATTEMPTS: '3', QUOTA_LEASES: leases }, { databaseUrl: pg.url });
    gw = gateway;
    const upstream = mock;
    const db = pg;
    const root = await setupRoot(gateway);
    await addChannel({ gw: gateway, mock: upstream, root, stop: async () => {} } as RelayFixture, { models: 'flat-model' });
    expect((await root.put('/api/option/', { key: 'ModelPrice', value: JSON.stringify({ 'flat-model': 0.001 }) })).body.success).toBe(true);
    const { key } = await addToken(root, { unlimited_quota: true });
    const balance = async () => {
      const [leased] = await gateway.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM quota_leases WHERE amount <> 0`;
      const [u] = await gateway.sql<{ quota: number }[]>`SELECT quota FROM users WHERE id = ${root.userId}`;
      return leased!.n === 0 ? Number(u!.quota) : null;
    };
    const start = await eventually(balance, (b) => b !== null, 15_000);
    await upstream.reset();

    let restarted = false;
    const traffic = load(gateway, key, 8, () => restarted);
    await eventually(async () => traffic.tally.ok, (n) => n >= 20, 30_000);
    await db.stop();
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    await db.start();
    restarted = true;
    const upAt = performance.now();
    // service resumes without restarting the gateway
    await eventually(async () => traffic.tally.okAfterRestart, (n) => n >= 20, 60_000);
    await traffic.stop();
    // and soon: after a 5 s outage the driver's own reconnection backoff had the first answer come 0.4–14 s after
    // the database was back, or not within a minute (core/db/connect.ts); with ours, within 0.2 s
    expect(traffic.tally.firstOkAfterRestartAt! - upAt).toBeLessThan(3000);

    expect(traffic.tally.unclean).toEqual([]);
    // the outage window's refusals are 503s (spec P1), so clients retry: not 500s
    if (traffic.tally.failedStatuses.has(500)) console.log(gateway.output().split('\n').filter((l) => l.includes('relay failed')).slice(0, 3).join('\n'));
    expect([...traffic.tally.failedStatuses].filter((s) => s !== 503)).toEqual([]);
    const served = (await upstream.requests()).filter((r) => r.path === '/v1/chat/completions').length;
    expect(traffic.tally.ok).toBeLessThanOrEqual(served);

    // the leases come home and the batched writes land: then balance + Σ charges = what it was, each charge logged
    const end = await eventually(balance, (b) => b !== null, 30_000);
    const logged = async () => {
      const [l] = await gateway.sql<{ s: number; n: number }[]>`
        SELECT COALESCE(sum(quota), 0)::bigint AS s, count(*)::int AS n FROM logs WHERE user_id = ${root.userId} AND type = 2`;
      return { sum: Number(l!.s), count: l!.n };
    };
    const logs = await eventually(logged, (l) => l.count >= served, 30_000);
    expect(start! - end!).toBe(served * FLAT);
    expect(logs).toEqual({ sum: served * FLAT, count: served });
  }, BOOT_TIMEOUT);

  // The scheduled jobs' leader holds an advisory lock on a session of its own. On a connection reserved from the
  // pool, with the driver unpatched, the first job round after a restart ended the gateway (this test failed so).
  it('takes the job lock again after the restart and lives on', async () => {
    pg = await startThrowawayPostgres(bin!);
    const db = pg;
    const gateway = await startGateway({ TASK_POLL_INTERVAL_SECONDS: '0.5' }, { databaseUrl: db.url });
    gw = gateway;
    // -1: this client's own connection has not come back yet
    const lockHeld = () =>
      gateway.sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = ${TASK_POLLER_LOCK} AND granted`.then(
        ([r]) => r!.n,
        () => -1,
      );
    expect(await eventually(lockHeld, (n) => n === 1, 15_000)).toBe(1);
    await db.stop();
    await new Promise((r) => setTimeout(r, 1000));
    await db.start();
    expect(await eventually(lockHeld, (n) => n === 1, 20_000)).toBe(1);
    // rounds go on after it
    await new Promise((r) => setTimeout(r, 2000));
    expect((await fetch(`${gateway.url}/api/status`)).status).toBe(200);
    expect(await lockHeld()).toBe(1);
  }, BOOT_TIMEOUT);
});
