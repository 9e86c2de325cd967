import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type ConsoleClient } from '../support/console-client.js';
import { addChannel, addToken, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { seedUser } from '../support/seed-rows.js';

// Starting a gateway (PGlite, migrations) can take most of a minute on a loaded machine.
const BOOT_TIMEOUT = 180_000;

// The data dashboard (spec console-api.md §8.2): quota_data fed by every consume while DataExportEnabled,
// one row per (user, model, hour) incremented in place; GET /api/data/ and /api/data/self.

const H0 = 1_699_999_200; // an hour boundary
const H1 = H0 + 3600;
const DAY = 86_400;

interface QuotaData {
  id: number;
  user_id: number;
  username: string;
  model_name: string;
  created_at: number;
  count: number;
  quota: number;
  token_used: number;
}

describe('data dashboard', () => {
  let f: RelayFixture;
  let admin: ConsoleClient;
  let alice: ConsoleClient;
  let bob: ConsoleClient;

  const setOption = async (key: string, value: string) => {
    const r = await f.root.put('/api/option/', { key, value });
    expect(r.body).toEqual({ success: true, message: '' });
  };

  beforeAll(async () => {
    f = await startRelayFixture();
    await addChannel(f);
    admin = await seedUser(f.gw, { username: 'admin', role: 10 });
    alice = await seedUser(f.gw, { username: 'alice', quota: 100_000_000 });
    bob = await seedUser(f.gw, { username: 'bob' });
    const a = { user_id: alice.userId, username: 'alice' };
    const b = { user_id: bob.userId, username: 'bob' };
    const rows = [
      { ...a, model_name: 'gpt-4o-mini', created_at: H0, count: 2, quota: 20, token_used: 200 },
      { ...a, model_name: 'gpt-4o', created_at: H0, count: 1, quota: 50, token_used: 100 },
      { ...b, model_name: 'gpt-4o-mini', created_at: H0, count: 3, quota: 30, token_used: 300 },
      { ...b, model_name: 'gpt-4o-mini', created_at: H1, count: 4, quota: 40, token_used: 400 },
      { ...a, model_name: 'gpt-4o-mini', created_at: H0 + 40 * DAY, count: 9, quota: 90, token_used: 900 },
    ];
    await f.gw.sql`INSERT INTO quota_data ${f.gw.sql(rows, 'user_id', 'username', 'model_name', 'created_at', 'count', 'quota', 'token_used')}`;
  }, BOOT_TIMEOUT);
  afterAll(() => f?.stop());

  describe('GET /api/data/ (admin)', () => {
    it('sums every user per (model, hour) with id, user_id and username blank', async () => {
      const r = await admin.get<QuotaData[]>(`/api/data/?start_timestamp=${H0}&end_timestamp=${H1}`);
      expect(r.body).toEqual({
        success: true,
        message: '',
        data: [
          { id: 0, user_id: 0, username: '', model_name: 'gpt-4o', created_at: H0, count: 1, quota: 50, token_used: 100 },
          { id: 0, user_id: 0, username: '', model_name: 'gpt-4o-mini', created_at: H0, count: 5, quota: 50, token_used: 500 },
          { id: 0, user_id: 0, username: '', model_name: 'gpt-4o-mini', created_at: H1, count: 4, quota: 40, token_used: 400 },
        ],
      });
    });

    it('returns one user’s raw rows when username is given', async () => {
      const r = await admin.get<QuotaData[]>(`/api/data/?username=bob&start_timestamp=${H0}&end_timestamp=${H1}`);
      expect(r.body.data!.map(({ id: _id, ...rest }) => rest)).toEqual([
        { user_id: bob.userId, username: 'bob', model_name: 'gpt-4o-mini', created_at: H0, count: 3, quota: 30, token_used: 300 },
        { user_id: bob.userId, username: 'bob', model_name: 'gpt-4o-mini', created_at: H1, count: 4, quota: 40, token_used: 400 },
      ]);
    });

    it('treats the range as inclusive and missing timestamps as 0', async () => {
      const r = await admin.get<QuotaData[]>(`/api/data/?start_timestamp=${H1}&end_timestamp=${H1}`);
      expect(r.body.data!.map((d) => [d.model_name, d.created_at, d.count])).toEqual([['gpt-4o-mini', H1, 4]]);
      expect((await admin.get('/api/data/')).body.data).toEqual([]);
      expect((await admin.get(`/api/data/?username=bob`)).body.data).toEqual([]);
    });
  });

  describe('GET /api/data/self', () => {
    it('returns only the caller’s rows, whatever username is sent', async () => {
      const r = await alice.get<QuotaData[]>(`/api/data/self?username=bob&start_timestamp=${H0}&end_timestamp=${H1}`);
      expect(r.body.data!.map((d) => [d.username, d.model_name, d.count])).toEqual([
        ['alice', 'gpt-4o-mini', 2],
        ['alice', 'gpt-4o', 1],
      ]);
      const bobs = await bob.get<QuotaData[]>(`/api/data/self/?start_timestamp=${H0}&end_timestamp=${H1}`);
      expect(bobs.body.data!.every((d) => d.user_id === bob.userId)).toBe(true);
      expect(bobs.body.data).toHaveLength(2);
    });

    it('allows a span of at most 30 days', async () => {
      const tooLong = await alice.get(`/api/data/self?start_timestamp=${H0}&end_timestamp=${H0 + 2_592_001}`);
      expect(tooLong.body).toEqual({ success: false, message: '时间跨度不能超过 1 个月' });
      const full = await alice.get<QuotaData[]>(`/api/data/self?start_timestamp=${H0}&end_timestamp=${H0 + 2_592_000}`);
      expect(full.body.data).toHaveLength(2);
      const later = await alice.get<QuotaData[]>(`/api/data/self?start_timestamp=${H0 + 20 * DAY}&end_timestamp=${H0 + 45 * DAY}`);
      expect(later.body.data!.map((d) => d.count)).toEqual([9]);
    });

    it('is refused to anonymous callers, and /api/data/ to common users', async () => {
      const anon = await fetch(`${f.gw.url}/api/data/self?start_timestamp=${H0}&end_timestamp=${H1}`);
      expect(anon.status).toBe(401);
      expect((await alice.get(`/api/data/?start_timestamp=${H0}&end_timestamp=${H1}`)).body).toEqual({ success: false, message: '无权进行此操作，权限不足' });
    });
  });

  describe('aggregation of relay consumes', () => {
    let key: string;
    // Alice's consume logs come only from these calls; the log writer and the dashboard flush separately.
    let sent = 0;
    const chat = async () => {
      sent++;
      const res = await fetch(`${f.gw.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(res.status).toBe(200);
      await res.text();
    };
    const aliceNow = async () => {
      const [row] = await f.gw.sql<{ rows: number; count: number; quota: number; token_used: number }[]>`
        SELECT count(*)::bigint AS rows, COALESCE(SUM(count), 0)::bigint AS count, COALESCE(SUM(quota), 0)::bigint AS quota,
               COALESCE(SUM(token_used), 0)::bigint AS token_used
        FROM quota_data WHERE user_id = ${alice.userId} AND model_name = 'gpt-4o-mini' AND created_at > ${H0 + 45 * DAY}`;
      return row!;
    };
    const consumeLogs = async () => {
      const [row] = await f.gw.sql<{ n: number }[]>`SELECT count(*)::bigint AS n FROM logs WHERE user_id = ${alice.userId} AND type = 2`;
      return row!.n;
    };

    beforeAll(async () => {
      key = (await addToken(alice)).key;
      // Flush at the batch cadence instead of every 5 minutes.
      await setOption('DataExportInterval', '0');
    });

    it('adds each consume to the (user, model, hour) row, incrementing an existing row in place', async () => {
      const hour = Math.floor(Date.now() / 1000 / 3600) * 3600;
      await f.gw.sql`
        INSERT INTO quota_data (user_id, username, model_name, created_at, count, quota, token_used)
        VALUES (${alice.userId}, 'alice', 'gpt-4o-mini', ${hour}, 10, 1000, 100)`;
      await chat();
      await chat();
      // gpt-4o-mini against the mock: 10 prompt + 20 completion tokens, 7 quota per request
      const after = await eventually(aliceNow, (v) => v.count === 12, 10_000);
      expect(after).toMatchObject({ count: 12, quota: 1014, token_used: 160 });
      const dup = await f.gw.sql`
        SELECT user_id, username, model_name, created_at FROM quota_data
        GROUP BY user_id, username, model_name, created_at HAVING count(*) > 1`;
      expect(dup).toHaveLength(0);
      // unless the requests crossed an hour boundary, it is still the one seeded row
      const nowHour = Math.floor(Date.now() / 1000 / 3600) * 3600;
      if (nowHour === hour) expect(after.rows).toBe(1);

      const own = await alice.get<QuotaData[]>(`/api/data/self?start_timestamp=${hour}&end_timestamp=${hour + 3600}`);
      expect(own.body.data!.reduce((s, d) => s + d.count, 0)).toBe(12);
      const all = await admin.get<QuotaData[]>(`/api/data/?start_timestamp=${hour}&end_timestamp=${hour + 3600}`);
      expect(all.body.data!.filter((d) => d.model_name === 'gpt-4o-mini').reduce((s, d) => s + d.quota, 0)).toBe(1014);
    });

    it('records nothing while DataExportEnabled is off', async () => {
      await setOption('DataExportEnabled', 'false');
      const before = await aliceNow();
      await chat();
      expect(await eventually(consumeLogs, (n) => n === sent)).toBe(sent);
      // several flush periods later, the dashboard has not moved
      await new Promise((r) => setTimeout(r, 800));
      expect(await aliceNow()).toEqual(before);
    });
  });
});
