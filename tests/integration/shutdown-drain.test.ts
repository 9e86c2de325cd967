import { mkdtempSync, rmSync } from 'node:fs';
import { Agent as HttpAgent, get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eventually, setupRoot } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { books, gatewayExited } from '../support/ledger-books.js';
import { startMockTaskUpstream, type MockTaskUpstream } from '../support/mock-task-upstream.js';
import { startMockUpstreamProcess } from '../support/mock-upstream-process.js';
import { addChannel, addToken, type RelayFixture } from '../support/relay-fixture.js';
import { testDbKind } from '../support/test-database.js';

// mj_imagine's default price, $0.1 = 50 000 quota; one response of the realtime mock on gpt-4o-realtime-preview
// (see relay-realtime.test.ts) costs 10 313.
const IMAGINE = 50_000;
const REALTIME_RESPONSE = 10_313;
// two gateway starts, a drain and a stop: minutes on a loaded machine
const TIMEOUT = 240_000;

interface Held {
  gateways: TestGateway[];
  stops: Array<() => Promise<void>>;
  dirs: string[];
}

/**
 * A gateway (its embedded database in a directory of its own, so the next start reads the same books) with a
 * Midjourney and a Suno channel on a task mock and a realtime channel on the relay mock, an unlimited token of
 * root's, and on PostgreSQL a second node that reads the books once the first is gone.
 */
async function startBooked(held: Held) {
  const dir = mkdtempSync(join(tmpdir(), 'ferryman-drain-'));
  held.dirs.push(dir);
  const [tasks, relayMock] = await Promise.all([startMockTaskUpstream(), startMockUpstreamProcess()]);
  held.stops.push(() => tasks.stop(), () => relayMock.stop());
  const embedded = testDbKind() === 'embedded';
  const first = await startGateway({}, embedded ? { dataDir: dir } : {});
  held.gateways.push(first);
  const root = await setupRoot(first);
  const onTasks = { root, mock: { url: tasks.url } } as unknown as RelayFixture;
  await addChannel(onTasks, { type: 2, key: 'mj-secret', models: 'mj_imagine' });
  await addChannel(onTasks, { type: 36, key: 'suno-secret', models: 'suno_music' });
  await addChannel({ gw: first, mock: relayMock, root, stop: async () => {} } as RelayFixture, { models: 'gpt-4o-realtime-preview' });
  const { key } = await addToken(root, { unlimited_quota: true });
  const reader = embedded ? null : await startGateway({}, { databaseUrl: first.databaseUrl! });
  if (reader) held.gateways.push(reader);
  const start = await eventually(() => books(first, root.userId), (b) => b.balance !== null);
  /** The books once the first gateway has exited by itself: read by its next start, or by the other node. */
  const after = async () => {
    expect(await eventually(async () => gatewayExited(first), (gone) => gone, 15_000)).toBe(true);
    const next = embedded ? await startGateway({}, { dataDir: dir }) : reader!;
    if (embedded) held.gateways.push(next);
    return { gw: next, end: await eventually(() => books(next, root.userId), (b) => b.balance !== null, 15_000) };
  };
  return { first, key, tasks, start, after };
}

const submits = (tasks: MockTaskUpstream) => tasks.requests.filter((r) => r.path.startsWith('/mj/submit/') || r.path.startsWith('/suno/submit/'));

/** A task call over `dispatcher` (a kept-alive connection still reaches a gateway whose listen socket is closed). */
async function taskCall(gw: TestGateway, dispatcher: Agent, path: string, headers: Record<string, string>, body: unknown) {
  const r = await request(`${gw.url}${path}`, { method: 'POST', dispatcher, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: r.statusCode, retryAfter: r.headers['retry-after'], body: (await r.body.json()) as Record<string, unknown> & { error?: { code?: string } } };
}

/** A realtime session that has been billed one response; `closed` resolves with the code it is closed with. */
async function openRealtime(gw: TestGateway, key: string): Promise<{ closed: Promise<number> }> {
  const ws = new WebSocket(`${gw.url.replace(/^http/, 'ws')}/v1/realtime?model=gpt-4o-realtime-preview`, ['realtime', `openai-insecure-api-key.${key}`]);
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  ws.on('error', () => {});
  const seen = (type: string) =>
    new Promise<void>((resolve) => {
      const on = (data: Buffer) => {
        if ((JSON.parse(data.toString('utf8')) as { type: string }).type !== type) return;
        ws.off('message', on);
        resolve();
      };
      ws.on('message', on);
    });
  await seen('session.created');
  const done = seen('response.done');
  ws.send(JSON.stringify({ type: 'response.create' }));
  await done;
  return { closed };
}

/** A realtime upgrade over `agent`'s kept-alive connection: the HTTP answer when the gateway refuses it. */
function realtimeUpgrade(gw: TestGateway, key: string, agent: HttpAgent): Promise<{ status: number; retryAfter: unknown; body: { error?: { code?: string; message?: string } } }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${gw.url.replace(/^http/, 'ws')}/v1/realtime?model=gpt-4o-realtime-preview`, ['realtime', `openai-insecure-api-key.${key}`], { agent });
    ws.on('open', () => reject(new Error('the upgrade was accepted')));
    ws.on('error', reject);
    ws.on('unexpected-response', (_req, res: IncomingMessage) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body: JSON.parse(Buffer.concat(parts).toString('utf8')) }));
    });
  });
}

/** One GET over a Node agent, so the agent keeps that connection for a later upgrade. */
function warm(gw: TestGateway, agent: HttpAgent): Promise<number> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port: gw.port, path: '/api/status', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}

const imagine = (key: string, prompt: string) => ['/mj/submit/imagine', { 'mj-api-secret': key }, { prompt }] as const;

// On SIGTERM the relay's gate closes: task submits and realtime upgrades that arrive on connections still open are
// refused like chat requests, before any reservation, while what was in flight finishes (or is cut) and settles
// before the last flush. Whatever happened, the books close: balance + Σ charges = credits, nothing left leased.
describe('a stopping gateway, its task relays and its realtime route', () => {
  const held: Held = { gateways: [], stops: [], dirs: [] };
  afterAll(async () => {
    for (const gw of held.gateways.reverse()) await gw.stop().catch(() => {});
    for (const stop of held.stops) await stop().catch(() => {});
    for (const dir of held.dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses submits and upgrades during the drain, finishes the submit in flight, settles the open session, and books both', async () => {
    const { first, key, tasks, start, after } = await startBooked(held);
    const keepAlive = new Agent({ connections: 1, keepAliveTimeout: 60_000 });
    const upgrades = new HttpAgent({ keepAlive: true, maxSockets: 1 });
    const other = new Agent();
    try {
      // connections opened before the stop, kept alive across it
      expect((await request(`${first.url}/api/status`, { dispatcher: keepAlive })).statusCode).toBe(200);
      expect(await warm(first, upgrades)).toBe(200);
      const session = await openRealtime(first, key);
      // a submit whose upstream answers in 2 s: within the drain's bound, so it is served and booked
      tasks.delayNextSubmit(2000);
      const slow = taskCall(first, other, ...imagine(key, 'a slow fox'));
      await eventually(async () => submits(tasks).length, (n) => n === 1);
      process.kill(first.pid, 'SIGTERM');
      // the open session is ended and settled at once
      expect(await session.closed).toBe(1001);

      // what arrives now is refused before any reservation, each route in its own envelope
      const mj = await taskCall(first, keepAlive, ...imagine(key, 'a late fox'));
      expect(mj).toMatchObject({ status: 503, retryAfter: '1', body: { description: 'this gateway is shutting down; retry shortly', type: 'new_api_error', code: 5 } });
      const suno = await taskCall(first, keepAlive, '/suno/submit/music', { authorization: `Bearer ${key}` }, { prompt: 'late', mv: 'chirp-v3-5' });
      expect(suno).toMatchObject({ status: 503, retryAfter: '1', body: { error: { code: 'gateway_shutting_down', type: 'new_api_error' } } });
      const video = await taskCall(first, keepAlive, '/v1/video/generations', { authorization: `Bearer ${key}` }, { model: 'sora-2', prompt: 'late' });
      expect(video).toMatchObject({ status: 503, retryAfter: '1', body: { error: { code: 'gateway_shutting_down' } } });
      const upgrade = await realtimeUpgrade(first, key, upgrades);
      expect(upgrade).toMatchObject({ status: 503, retryAfter: '1', body: { error: { code: 'gateway_shutting_down' } } });
      expect(upgrade.body.error?.message).toMatch(/^this gateway is shutting down; retry shortly \(request id: /);

      const served = await slow;
      expect(served).toMatchObject({ status: 200, body: { code: 1, description: '提交成功' } });
      // nothing refused reached an upstream
      expect(submits(tasks)).toHaveLength(1);
    } finally {
      await keepAlive.close().catch(() => {});
      await other.close().catch(() => {});
      upgrades.destroy();
    }

    const { gw, end } = await after();
    // the submit and the session's response are charged, each with its log; the refused requests cost nothing
    expect(start.balance! - end.balance!).toBe(IMAGINE + REALTIME_RESPONSE);
    expect(end.logged - start.logged).toBe(IMAGINE + REALTIME_RESPONSE);
    const [task] = await gw.sql<{ quota: number; prompt: string }[]>`SELECT quota, prompt FROM midjourneys`;
    expect(task).toMatchObject({ quota: IMAGINE, prompt: 'a slow fox' });
  }, TIMEOUT);

  it('cuts a submit still waiting on its upstream when the drain ends, and hands its reservation back', async () => {
    const { first, key, tasks, start, after } = await startBooked(held);
    const client = new Agent();
    try {
      // the upstream would answer only after new-api's minute: the gateway must not wait for it
      tasks.delayNextSubmit(120_000);
      const stuck = taskCall(first, client, ...imagine(key, 'a stuck fox')).catch((e: unknown) => e);
      await eventually(async () => submits(tasks).length, (n) => n === 1);
      const stoppedAt = Date.now();
      process.kill(first.pid, 'SIGTERM');
      // the connection is cut once the drain's bound (3 s) has passed
      expect(await stuck).toBeInstanceOf(Error);
      expect(await eventually(async () => gatewayExited(first), (gone) => gone, 15_000)).toBe(true);
      expect(Date.now() - stoppedAt).toBeLessThan(15_000);
    } finally {
      await client.close().catch(() => {});
    }

    const { gw, end } = await after();
    // not charged, nothing left reserved or leased, no task recorded
    expect(end.balance).toBe(start.balance);
    expect(end.logged).toBe(start.logged);
    expect((await gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM midjourneys`)[0]!.n).toBe(0);
    expect((await gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM quota_leases WHERE amount <> 0`)[0]!.n).toBe(0);
  }, TIMEOUT);
});
