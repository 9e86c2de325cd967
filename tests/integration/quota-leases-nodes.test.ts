import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { addChannel, addToken, ledger, startRelayFixture, tokenQuota, type RelayFixture } from '../support/relay-fixture.js';
import { testDbKind } from '../support/test-database.js';

// flat-model costs a fixed $0.001 per call = 500 quota: the reservation equals the charge.
const FLAT = 500;
const TIMEOUT_S = 3;
const env = { QUOTA_LEASE_HEARTBEAT_TIMEOUT: String(TIMEOUT_S) };

const chat = (gw: TestGateway, key: string) =>
  fetch(`${gw.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'flat-model', messages: [{ role: 'user', content: 'hi' }] }),
  }).then(async (r) => ({ status: r.status, body: await r.text() }));

interface LeaseRow {
  kind: string;
  owner_id: number;
  node: string;
  amount: number;
}

// Quota leases across gateways sharing one PostgreSQL: each node reserves from slices it leased, so no
// request waits for the database, and the nodes together still never spend more than there is.
describe.runIf(testDbKind() === 'postgres')('quota leases across nodes of one PostgreSQL', () => {
  let f: RelayFixture;
  let b: TestGateway;

  beforeAll(async () => {
    f = await startRelayFixture(env);
    b = await startGateway(env, { databaseUrl: f.gw.databaseUrl! });
    await addChannel(f, { models: 'flat-model' });
    const r = await f.root.put('/api/option/', { key: 'ModelPrice', value: JSON.stringify({ 'flat-model': 0.001 }) });
    expect(r.body.success).toBe(true);
    // node B hears of the channel and the price through notifications
    await eventually(() => chat(b, 'sk-nobody').then((x) => x.status), (s) => s === 401);
  });
  afterAll(async () => {
    await b?.stop().catch(() => {});
    await f?.stop();
  });

  it('lets exactly what a token covers through 50 requests split over two nodes, and the ledger balances', async () => {
    const t = await addToken(f.root, { remain_quota: FLAT * 10 });
    const before = await ledger(f.gw, f.root.userId);
    await f.mock.reset();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => chat(i % 2 ? b : f.gw, t.key)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body).toMatch(/token quota is not enough|该令牌额度已用尽/);
    expect((await f.mock.requests()).filter((r) => r.path === '/v1/chat/completions')).toHaveLength(10);
    const after = await ledger(f.gw, f.root.userId, (v) => v.logs - before.logs === 10 && v.quota + v.charged === before.quota + before.charged);
    expect(after.charged - before.charged).toBe(FLAT * 10);
    expect(after.quota + after.charged).toBe(before.quota + before.charged);
    const tok = await tokenQuota(f.gw, t.id, (x) => x.used_quota === FLAT * 10);
    expect(tok).toEqual({ remain_quota: 0, used_quota: FLAT * 10 });
    // idle slices go back: nothing stays leased once the burst is over
    expect(await eventually(() => f.gw.sql<LeaseRow[]>`SELECT * FROM quota_leases WHERE amount <> 0`, (rows) => rows.length === 0)).toEqual([]);
  });

  it('serves from leased quota: one request moves a slice of many requests into the node, not its own price', async () => {
    const t = await addToken(f.root, { remain_quota: FLAT * 1000 });
    expect((await chat(b, t.key)).status).toBe(200);
    const [row] = await f.gw.sql<LeaseRow[]>`SELECT * FROM quota_leases WHERE kind = 't' AND owner_id = ${t.id}`;
    // the slice B leased is many requests' worth (what a reservation statement per request would never take)
    expect(Number(row!.amount)).toBeGreaterThanOrEqual(FLAT * 16);
    const [nodeRow] = await f.gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ferryman_nodes WHERE node = ${row!.node}`;
    expect(nodeRow!.n).toBe(1);
    const [tok] = await f.gw.sql<{ remain_quota: number }[]>`SELECT remain_quota FROM tokens WHERE id = ${t.id}`;
    expect(tok!.remain_quota).toBe(FLAT * 1000 - Number(row!.amount));
  });

  it('serves on one node the balance another node holds leased: the short node recalls it instead of refusing', async () => {
    const id = f.root.userId;
    const userLeases = () => f.gw.sql<LeaseRow[]>`SELECT * FROM quota_leases WHERE kind = 'u' AND owner_id = ${id}`;
    await eventually(userLeases, (rows) => rows.length === 0);
    const original = (await f.root.get<{ quota: number }>(`/api/user/${id}`)).body.data!.quota;
    // the whole balance is less than one slice: B's first request takes all of it into B
    expect((await f.root.put('/api/user/', { id, quota: FLAT * 20 })).body.success).toBe(true);
    try {
      const t = await addToken(f.root, { unlimited_quota: true });
      const before = await ledger(f.gw, id);
      expect((await chat(b, t.key)).status).toBe(200);
      const [users] = await f.gw.sql<{ quota: number }[]>`SELECT quota FROM users WHERE id = ${id}`;
      expect(Number(users!.quota)).toBe(0);
      const onA = await chat(f.gw, t.key);
      expect(onA.status, onA.body).toBe(200);
      const after = await ledger(f.gw, id, (v) => v.logs - before.logs === 2 && v.quota === FLAT * 18);
      expect(after.charged - before.charged).toBe(FLAT * 2);
      expect(after.quota).toBe(FLAT * 18);
    } finally {
      await eventually(userLeases, (rows) => rows.length === 0);
      const now = (await f.root.get<{ quota: number }>(`/api/user/${id}`)).body.data!.quota;
      expect((await f.root.put('/api/user/', { id, quota: original - (FLAT * 20 - now) })).body.success).toBe(true);
    }
  });

  it("serves on one node a token's quota another node holds leased", async () => {
    const t = await addToken(f.root, { remain_quota: FLAT * 20 });
    expect((await chat(b, t.key)).status).toBe(200);
    const [tok] = await f.gw.sql<{ remain_quota: number }[]>`SELECT remain_quota FROM tokens WHERE id = ${t.id}`;
    expect(tok!.remain_quota).toBe(0);
    const onA = await chat(f.gw, t.key);
    expect(onA.status, onA.body).toBe(200);
    expect(await tokenQuota(f.gw, t.id, (x) => x.used_quota === FLAT * 2 && x.remain_quota === FLAT * 18)).toEqual({ remain_quota: FLAT * 18, used_quota: FLAT * 2 });
  });

  it("shows a node's admin the whole balance while another node holds a slice of it, and sets it exactly", async () => {
    const id = f.root.userId;
    const userLeases = () => f.gw.sql<LeaseRow[]>`SELECT * FROM quota_leases WHERE kind = 'u' AND owner_id = ${id}`;
    const quotaRow = async () => Number((await f.gw.sql<{ quota: number }[]>`SELECT quota FROM users WHERE id = ${id}`)[0]!.quota);
    // C writes its leases every 8 s, so the slice it takes stays out while node A (f.gw) is asked
    const c = await startGateway({ ...env, BATCH_UPDATE_INTERVAL: '8' }, { databaseUrl: f.gw.databaseUrl! });
    try {
      const t = await addToken(f.root, { remain_quota: FLAT * 1000 });
      await eventually(userLeases, (rows) => rows.length === 0);
      const before = await quotaRow();
      await eventually(() => chat(c, t.key).then((x) => x.status), (s) => s === 200);
      const [slice] = await userLeases();
      expect(Number(slice!.amount)).toBeGreaterThanOrEqual(FLAT * 16);
      // what C spent since it last wrote its row is still counted there: at most the one request
      const whole = [before, before - FLAT];
      const self = await f.root.get<{ quota: number }>('/api/user/self');
      const shown = await f.root.get<{ quota: number }>(`/api/user/${id}`);
      const listed = await f.root.get<{ items: { id: number; quota: number }[] }>('/api/user/?p=1&page_size=100');
      expect(await userLeases()).toHaveLength(1); // still held by C when the three were read
      expect(whole).toContain(self.body.data!.quota);
      expect(whole).toContain(shown.body.data!.quota);
      expect(whole).toContain(listed.body.data!.items.find((u) => u.id === id)!.quota);

      // the edit is a delta from the whole: once C hands its slice back, the balance is what the admin set
      const set = before + 1_000_000;
      expect((await f.root.put('/api/user/', { id, quota: set })).body.success).toBe(true);
      await eventually(userLeases, (rows) => rows.length === 0, 20_000);
      expect([set, set - FLAT]).toContain(await quotaRow());
    } finally {
      await c.stop().catch(() => {});
    }
  }, 60_000);

  it('returns the quota a killed node held to its owner within the heartbeat timeout', async () => {
    const t = await addToken(f.root, { remain_quota: FLAT * 100 });
    // the user's whole balance: what the row says plus what other nodes hold leased right now
    const balance = async () => {
      const [row] = await f.gw.sql<{ n: number }[]>`
        SELECT (SELECT quota FROM users WHERE id = ${f.root.userId}) + COALESCE((SELECT sum(amount) FROM quota_leases WHERE kind = 'u' AND owner_id = ${f.root.userId}), 0) AS n`;
      return Number(row!.n);
    };
    const userBefore = await balance();
    const victim = await startGateway(env, { databaseUrl: f.gw.databaseUrl! });
    await eventually(() => chat(victim, t.key).then((x) => x.status), (s) => s === 200);
    // the victim now holds slices of the user and the token; kill it before it hands them back
    process.kill(victim.pid, 'SIGKILL');
    const held = await f.gw.sql<LeaseRow[]>`SELECT * FROM quota_leases WHERE amount > 0 AND node NOT IN (SELECT node FROM ferryman_nodes)`;
    const orphaned = await f.gw.sql<LeaseRow[]>`SELECT l.* FROM quota_leases l WHERE l.amount > 0`;
    expect(held).toEqual([]); // its node row is still there: it is not yet known to be dead
    expect(orphaned.length).toBeGreaterThan(0);
    const killedAt = Date.now();
    const rows = await eventually(() => f.gw.sql<LeaseRow[]>`SELECT * FROM quota_leases WHERE amount > 0`, (r) => r.length === 0, (TIMEOUT_S + 5) * 1000);
    expect(rows).toEqual([]);
    expect(Date.now() - killedAt).toBeLessThan((TIMEOUT_S + 5) * 1000);
    await victim.stop().catch(() => {});
    // At most the requests it served since its last write go uncharged (in the user's favour), never more taken.
    expect([userBefore, userBefore - FLAT]).toContain(await balance());
    const [tok] = await f.gw.sql<{ remain_quota: number }[]>`SELECT remain_quota FROM tokens WHERE id = ${t.id}`;
    expect([FLAT * 100, FLAT * 99]).toContain(tok!.remain_quota);
  });
});
