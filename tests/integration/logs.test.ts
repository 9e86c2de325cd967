import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type ConsoleClient } from '../support/console-client.js';
import { addChannel, addToken, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { insertLogs, seedUser } from '../support/seed-rows.js';

// Starting a gateway (PGlite, migrations) can take most of a minute on a loaded machine.
const BOOT_TIMEOUT = 180_000;

// Usage logs (spec console-api.md §2.8, §6, §8.2): admin and self lists with every filter, the privacy
// transform, searches, the by-key route, deletion, and user A never reaching user B's rows.

const T = 1_700_000_000;
const RANGE = `start_timestamp=${T}&end_timestamp=${T + 100}`;

interface LogItem {
  id: number;
  user_id: number;
  type: number;
  username: string;
  token_name: string;
  model_name: string;
  channel: number;
  channel_name: string;
  other: string;
  created_at: number;
  [k: string]: unknown;
}
interface LogPage {
  items: LogItem[];
  total: number;
  page: number;
  page_size: number;
}

describe('usage logs', () => {
  let f: RelayFixture;
  let alice: ConsoleClient;
  let bob: ConsoleClient;
  let admin: ConsoleClient;
  let channelId: number;
  let channelName: string;

  const adminIds = async (query: string) => (await admin.get<LogPage>(`/api/log/?${query}`)).body.data!.items.map((l) => l.id);
  const aliceIds = async (query: string) => (await alice.get<LogPage>(`/api/log/self?${query}`)).body.data!.items.map((l) => l.id);

  beforeAll(async () => {
    f = await startRelayFixture();
    channelName = `logs-ch-${Date.now()}`;
    channelId = await addChannel(f, { name: channelName });
    alice = await seedUser(f.gw, { username: 'alice', quota: 100_000_000 });
    bob = await seedUser(f.gw, { username: 'bob' });
    admin = await seedUser(f.gw, { username: 'admin', role: 10 });
    const withAdminInfo = JSON.stringify({ admin_info: { use_channel: [String(channelId)] }, model_ratio: 0.075 });
    const a = { user_id: alice.userId, username: 'alice' };
    const b = { user_id: bob.userId, username: 'bob' };
    // Ids above 1024 make the user transform (id % 1024) visible.
    await insertLogs(f.gw, [
      { ...a, id: 3000, created_at: T + 10, token_name: 'a-key', model_name: 'gpt-4o-mini', channel_id: channelId, other: withAdminInfo, content: '模型倍率 0.07' },
      { ...a, id: 3001, created_at: T + 20, token_name: 'a-other', model_name: 'gpt-4o', channel_id: 999, group: 'vip', other: 'not json' },
      { ...a, id: 3002, created_at: T + 30, type: 1, content: '通过兑换码充值 100' },
      { ...a, id: 3003, created_at: T + 40, type: 3, content: 'admin changed quota' },
      { ...b, id: 3004, created_at: T + 15, token_name: 'b-key', model_name: 'gpt-4o-mini', channel_id: channelId, other: withAdminInfo, content: '%weird content' },
      { ...b, id: 3005, created_at: T + 25, token_name: 'a-key', model_name: 'claude-3', group: 'vip' },
    ]);
  }, BOOT_TIMEOUT);
  afterAll(() => f?.stop());

  describe('admin list', () => {
    it('returns every user’s rows newest first with the page envelope and channel names', async () => {
      const r = await admin.get<LogPage>(`/api/log/?p=1&page_size=10&${RANGE}`);
      expect(r.body.success).toBe(true);
      const page = r.body.data!;
      expect(page).toMatchObject({ total: 6, page: 1, page_size: 10 });
      expect(page.items.map((l) => l.id)).toEqual([3005, 3004, 3003, 3002, 3001, 3000]);
      const first = page.items.find((l) => l.id === 3000)!;
      expect(first).toMatchObject({ channel: channelId, channel_name: channelName, username: 'alice', user_id: alice.userId });
      expect(first).not.toHaveProperty('channel_id');
      expect(JSON.parse(first.other).admin_info.use_channel).toEqual([String(channelId)]);
      expect(page.items.find((l) => l.id === 3001)!.channel_name).toBe('');
    });

    it('applies each filter: type, username, token_name (exact), time range (inclusive), channel, group', async () => {
      expect(await adminIds(`${RANGE}&type=2`)).toEqual([3005, 3004, 3001, 3000]);
      expect(await adminIds(`${RANGE}&type=1`)).toEqual([3002]);
      expect(await adminIds(`${RANGE}&username=bob`)).toEqual([3005, 3004]);
      expect(await adminIds(`${RANGE}&token_name=a-key`)).toEqual([3005, 3000]);
      expect(await adminIds(`${RANGE}&token_name=a`)).toEqual([]);
      expect(await adminIds(`start_timestamp=${T + 10}&end_timestamp=${T + 20}`)).toEqual([3004, 3001, 3000]);
      expect(await adminIds(`${RANGE}&channel=${channelId}`)).toEqual([3004, 3000]);
      expect(await adminIds(`${RANGE}&group=vip`)).toEqual([3005, 3001]);
      expect(await adminIds(`${RANGE}&type=2&group=vip&username=alice`)).toEqual([3001]);
    });

    it('matches model_name with LIKE as given: exact without wildcards, % and _ act as wildcards', async () => {
      expect(await adminIds(`${RANGE}&model_name=gpt-4o`)).toEqual([3001]);
      expect(await adminIds(`${RANGE}&model_name=gpt-4o-mini`)).toEqual([3004, 3000]);
      expect(await adminIds(`${RANGE}&model_name=${encodeURIComponent('gpt-4o%')}`)).toEqual([3004, 3001, 3000]);
      expect(await adminIds(`${RANGE}&model_name=gpt_4o_mini`)).toEqual([3004, 3000]);
    });

    it('pages from 1 (p=0 is page 1), page_size 0 returns no rows and a negative size means 10', async () => {
      const p2 = (await admin.get<LogPage>(`/api/log/?p=2&page_size=2&${RANGE}`)).body.data!;
      expect(p2).toMatchObject({ page: 2, page_size: 2, total: 6 });
      expect(p2.items.map((l) => l.id)).toEqual([3003, 3002]);
      const p0 = (await admin.get<LogPage>(`/api/log/?p=0&page_size=2&${RANGE}`)).body.data!;
      expect(p0.page).toBe(1);
      expect(p0.items.map((l) => l.id)).toEqual([3005, 3004]);
      const zero = (await admin.get<LogPage>(`/api/log/?page_size=0&${RANGE}`)).body.data!;
      expect(zero).toMatchObject({ items: [], total: 6 });
      expect((await admin.get<LogPage>(`/api/log/?page_size=-1&${RANGE}`)).body.data!.page_size).toBe(10);
    });
  });

  describe('self list', () => {
    it('returns only the caller’s rows, transformed for users', async () => {
      const page = (await alice.get<LogPage>(`/api/log/self?${RANGE}`)).body.data!;
      expect(page.total).toBe(4);
      expect(page.items.map((l) => l.id)).toEqual([3003 % 1024, 3002 % 1024, 3001 % 1024, 3000 % 1024]);
      expect(page.items.every((l) => l.username === 'alice' && l.channel_name === '')).toBe(true);
      const charged = page.items.find((l) => l.id === 3000 % 1024)!;
      expect(charged.channel).toBe(channelId);
      expect(JSON.parse(charged.other)).toEqual({ model_ratio: 0.075 });
      expect(page.items.find((l) => l.id === 3001 % 1024)!.other).toBe('null');
      expect(page.items.find((l) => l.id === 3002 % 1024)!.other).toBe('null');
    });

    it('ignores username, channel and user_id parameters: another user’s rows are never reachable', async () => {
      const own = [3003, 3002, 3001, 3000].map((id) => id % 1024);
      expect(await aliceIds(`${RANGE}&username=bob`)).toEqual(own);
      expect(await aliceIds(`${RANGE}&user_id=${bob.userId}`)).toEqual(own);
      expect(await aliceIds(`${RANGE}&channel=${channelId}`)).toEqual(own);
      expect(await aliceIds(`${RANGE}&model_name=%25`)).toEqual(own);
      // bob's 3005 carries the same token name as alice's 3000
      expect(await aliceIds(`${RANGE}&token_name=a-key`)).toEqual([3000 % 1024]);
      expect(await aliceIds(`${RANGE}&type=2&group=vip`)).toEqual([3001 % 1024]);
      const bobs = (await bob.get<LogPage>(`/api/log/self?${RANGE}&username=alice`)).body.data!;
      expect(bobs.items.map((l) => l.username)).toEqual(['bob', 'bob']);
    });

    it('caps page_size at 100', async () => {
      expect((await alice.get<LogPage>(`/api/log/self?page_size=1000&${RANGE}`)).body.data!.page_size).toBe(100);
    });
  });

  describe('search', () => {
    it('self search matches type = keyword within the caller’s rows only', async () => {
      const r = await alice.get<LogItem[]>('/api/log/self/search?keyword=2&username=bob');
      expect(r.body.data!.map((l) => l.id)).toEqual([3001 % 1024, 3000 % 1024]);
      expect(r.body.data!.every((l) => l.username === 'alice' && !l.other.includes('admin_info'))).toBe(true);
      expect((await bob.get<LogItem[]>('/api/log/self/search?keyword=2')).body.data!.map((l) => l.id)).toEqual([3005 % 1024, 3004 % 1024]);
      expect((await alice.get<LogItem[]>('/api/log/self/search?keyword=abc')).body).toEqual({ success: true, message: '', data: [] });
    });

    it('admin search matches type = keyword or a literal content prefix, untransformed', async () => {
      const ids = async (kw: string) => (await admin.get<LogItem[]>(`/api/log/search?keyword=${encodeURIComponent(kw)}`)).body.data!.map((l) => l.id);
      expect(await ids('通过')).toEqual([3002]);
      expect(await ids('3')).toEqual([3003]);
      expect(await ids('adm')).toEqual([3003]);
      // % and _ are literal characters, not wildcards (reliability-security.md S14)
      expect(await ids('%')).toEqual([3004]);
      expect(await ids('%weird')).toEqual([3004]);
      expect(await ids('_')).toEqual([]);
      const row = (await admin.get<LogItem[]>('/api/log/search?keyword=%25')).body.data![0]!;
      expect(JSON.parse(row.other).admin_info).toBeDefined();
    });
  });

  describe('relay-written logs and the by-key route', () => {
    let aliceKey: string;
    let bobKey: string;

    beforeAll(async () => {
      aliceKey = (await addToken(alice, { name: 'alice-relay' })).key;
      bobKey = (await addToken(bob, { name: 'bob-relay' })).key;
      const res = await fetch(`${f.gw.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${aliceKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(res.status).toBe(200);
      await res.text();
    });

    it('shows the consume log to its user without admin details, and to admins with them', async () => {
      const own = await eventually(
        async () => (await alice.get<LogPage>('/api/log/self?type=2&token_name=alice-relay')).body.data!,
        // Rows and total come from two queries; wait until the batched insert is visible to both.
        (p) => p.total === 1 && p.items.length === 1,
      );
      expect(own.total).toBe(1);
      const mine = own.items[0]!;
      expect(mine).toMatchObject({ type: 2, model_name: 'gpt-4o-mini', token_name: 'alice-relay', channel: channelId, channel_name: '' });
      expect(mine.other).not.toContain('admin_info');
      const seen = (await admin.get<LogPage>('/api/log/?type=2&token_name=alice-relay')).body.data!.items[0]!;
      expect(seen).toMatchObject({ username: 'alice', channel_name: channelName });
      expect(seen.id % 1024).toBe(mine.id);
      expect(JSON.parse(seen.other).admin_info.use_channel).toEqual([String(channelId)]);
    });

    it('/api/log/token returns the key’s own logs without login, transformed, with CORS', async () => {
      const res = await fetch(`${f.gw.url}/api/log/token?key=${aliceKey}`, { headers: { origin: 'https://elsewhere.example' } });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const body = (await res.json()) as { success: boolean; data: LogItem[] };
      expect(body.success).toBe(true);
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({ token_name: 'alice-relay', username: 'alice', channel_name: '' });
      expect(body.data[0]!.other).not.toContain('admin_info');
      // The key works without its sk- prefix too; other keys and unknown keys see none of these rows.
      const bare = (await (await fetch(`${f.gw.url}/api/log/token?key=${aliceKey.slice(3)}`)).json()) as { data: LogItem[] };
      expect(bare.data).toHaveLength(1);
      expect(((await (await fetch(`${f.gw.url}/api/log/token?key=${bobKey}`)).json()) as { data: LogItem[] }).data).toEqual([]);
      expect(((await (await fetch(`${f.gw.url}/api/log/token?key=sk-unknown`)).json()) as { data: LogItem[] }).data).toEqual([]);
      expect(((await (await fetch(`${f.gw.url}/api/log/token`)).json()) as { data: LogItem[] }).data).toEqual([]);
    });

    it('answers the CORS preflight for /api/log/token only', async () => {
      const pre = await fetch(`${f.gw.url}/api/log/token`, { method: 'OPTIONS', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' } });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe('*');
      const other = await alice.get('/api/log/self');
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('delete', () => {
    it('requires a target timestamp', async () => {
      expect((await admin.del('/api/log/')).body).toEqual({ success: false, message: 'target timestamp is required' });
      expect((await admin.del('/api/log/?target_timestamp=0')).body).toEqual({ success: false, message: 'target timestamp is required' });
      expect((await admin.del('/api/log/?target_timestamp=abc')).body).toEqual({ success: false, message: 'target timestamp is required' });
    });

    it('is refused to a common user and deletes nothing', async () => {
      const r = await alice.del(`/api/log/?target_timestamp=${T + 1000}`);
      expect(r.body).toEqual({ success: false, message: '无权进行此操作，权限不足' });
      expect((await admin.get<LogPage>(`/api/log/?${RANGE}`)).body.data!.total).toBe(6);
    });

    it('deletes every row strictly older than the target, across several chunks, and reports the count', async () => {
      await f.gw.sql`
        INSERT INTO logs (user_id, username, created_at, type)
        SELECT ${bob.userId}, 'bob', ${T - 5000} + g, 2 FROM generate_series(1, 2500) AS g`;
      const r = await admin.del(`/api/log/?target_timestamp=${T + 15}`);
      // 2500 old rows plus 3000 (T+10); 3004 at exactly T+15 stays
      expect(r.body).toEqual({ success: true, message: '', data: 2501 });
      const [left] = await f.gw.sql<{ n: number }[]>`SELECT count(*)::bigint AS n FROM logs WHERE created_at < ${T + 15}`;
      expect(left!.n).toBe(0);
      expect(await adminIds(RANGE)).toEqual([3005, 3004, 3003, 3002, 3001]);
    });
  });
});
