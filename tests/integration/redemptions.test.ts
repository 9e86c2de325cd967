import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, setupRoot } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { seedUser } from '../support/seed-rows.js';

interface CodeJson {
  id: number;
  key: string;
  name: string;
  status: number;
  quota: number;
  used_user_id: number;
  redeemed_time: number;
}
interface Page {
  items: CodeJson[];
  total: number;
  page: number;
  page_size: number;
}

describe('redemption codes', () => {
  let gw: TestGateway;
  let admin: ConsoleClient;
  let user: ConsoleClient;

  const createCodes = async (name: string, quota: number, count = 1): Promise<string[]> => {
    const r = await admin.post<string[]>('/api/redemption/', { name, quota, count });
    expect(r.body.success).toBe(true);
    return r.body.data!;
  };
  const codeRow = async (key: string) => (await gw.sql<CodeJson[]>`SELECT * FROM redemptions WHERE key = ${key}`)[0]!;
  const quotaOf = async (id: number) => Number((await gw.sql<{ quota: number }[]>`SELECT quota FROM users WHERE id = ${id}`)[0]!.quota);
  const topupLogs = async (codeId: number) =>
    gw.sql<{ user_id: number; content: string; username: string }[]>`SELECT user_id, content, username FROM logs WHERE type = 1 AND content LIKE ${`%兑换码ID ${codeId}`}`;

  beforeAll(async () => {
    gw = await startGateway();
    await setupRoot(gw);
    admin = await seedUser(gw, { username: 'red_admin', role: 10 });
    user = await seedUser(gw, { username: 'red_user', quota: 1000 });
  });
  afterAll(() => gw?.stop());

  it('creates a batch of 32-hex codes and returns their keys', async () => {
    const keys = await createCodes('batch', 100000, 3);
    expect(keys).toHaveLength(3);
    for (const k of keys) {
      expect(k).toMatch(/^[0-9a-f]{32}$/);
      expect(await codeRow(k)).toMatchObject({ name: 'batch', quota: 100000, status: 1, used_user_id: 0 });
    }
    expect(new Set(keys).size).toBe(3);
  });

  it.each([
    [{ name: '', quota: 100, count: 1 }, '兑换码名称长度必须在1-20之间'],
    [{ name: 'x'.repeat(21), quota: 100, count: 1 }, '兑换码名称长度必须在1-20之间'],
    [{ name: 'ok', quota: 100, count: 0 }, '兑换码个数必须大于0'],
    [{ name: 'ok', quota: 100 }, '兑换码个数必须大于0'],
    [{ name: 'ok', quota: 100, count: 101 }, '一次兑换码批量生成的个数不能大于 100'],
    [{ name: 'ok', quota: 0, count: 1 }, '兑换码额度必须大于 0'],
    [{ name: 'ok', quota: -100, count: 1 }, '兑换码额度必须大于 0'],
  ])('refuses %j with %s and creates nothing', async (body, message) => {
    const [before] = await gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM redemptions`;
    expect((await admin.post('/api/redemption/', body)).body).toEqual({ success: false, message });
    const [after] = await gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM redemptions`;
    expect(after!.n).toBe(before!.n);
  });

  it('counts the name in characters: 20 Chinese characters are accepted', async () => {
    const [key] = await createCodes('兑换码兑换码兑换码兑换码兑换码兑换码兑换', 10);
    expect((await codeRow(key!)).name).toBe('兑换码兑换码兑换码兑换码兑换码兑换码兑换');
  });

  it('is for administrators only', async () => {
    expect((await user.get('/api/redemption/')).body).toEqual({ success: false, message: '无权进行此操作，权限不足' });
    expect((await user.post('/api/redemption/', { name: 'x', quota: 1, count: 1 })).body.success).toBe(false);
    expect((await user.put('/api/redemption/?status_only=true', { id: 1, status: 2 })).body.success).toBe(false);
    expect((await user.del('/api/redemption/1')).body.success).toBe(false);
  });

  it('pages with p=0 and p=1 both the first page, newest first, with total and the page echoed', async () => {
    await createCodes('pageme', 1, 12);
    const ids = (await gw.sql<{ id: number }[]>`SELECT id FROM redemptions WHERE deleted_at IS NULL ORDER BY id DESC`).map((r) => r.id);
    const p0 = await admin.get<Page>('/api/redemption/?p=0&page_size=5');
    const p1 = await admin.get<Page>('/api/redemption/?p=1&page_size=5');
    const p2 = await admin.get<Page>('/api/redemption/?p=2&page_size=5');
    expect(p0.body.data).toMatchObject({ total: ids.length, page: 0, page_size: 5 });
    expect(p0.body.data!.items.map((c) => c.id)).toEqual(ids.slice(0, 5));
    expect(p1.body.data!.items.map((c) => c.id)).toEqual(ids.slice(0, 5));
    expect(p1.body.data!.page).toBe(1);
    expect(p2.body.data!.items.map((c) => c.id)).toEqual(ids.slice(5, 10));
    const fallback = await admin.get<Page>('/api/redemption/?p=1&page_size=0');
    expect(fallback.body.data!.page_size).toBe(10);
    expect(p0.body.data!.items[0]!.key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('searches by name prefix (wildcards literal) or by id', async () => {
    const [a] = await createCodes('promo2025', 1);
    await createCodes('xpromo', 1);
    await createCodes('pro%mo', 1);
    const prefix = await admin.get<Page>('/api/redemption/search?keyword=promo');
    expect(prefix.body.data!.items.map((c) => c.name)).toEqual(['promo2025']);
    const pct = await admin.get<Page>(`/api/redemption/search?keyword=${encodeURIComponent('pro%')}`);
    expect(pct.body.data!.items.map((c) => c.name)).toEqual(['pro%mo']);
    const id = (await codeRow(a!)).id;
    const byId = await admin.get<Page>(`/api/redemption/search?keyword=${id}`);
    expect(byId.body.data!.items.map((c) => c.id)).toContain(id);
    expect((await admin.get<CodeJson>(`/api/redemption/${id}`)).body.data).toMatchObject({ id, key: a, name: 'promo2025' });
    expect((await admin.get(`/api/redemption/999999`)).body).toEqual({ success: false, message: 'record not found' });
  });

  it('edits unused codes only, and disables and enables with status_only', async () => {
    const [key] = await createCodes('editable', 100);
    const { id } = await codeRow(key!);
    const edited = await admin.put<CodeJson>('/api/redemption/', { id, name: 'edited', quota: 200, status: 3 });
    expect(edited.body.data).toMatchObject({ id, name: 'edited', quota: 200, status: 1 });
    expect((await admin.put('/api/redemption/', { id, name: '', quota: 200 })).body).toEqual({ success: false, message: '兑换码名称长度必须在1-20之间' });

    const off = await admin.put<CodeJson>('/api/redemption/?status_only=true', { id, status: 2 });
    expect(off.body.data).toMatchObject({ status: 2, name: 'edited' });
    expect((await admin.put('/api/redemption/', { id, name: 'again', quota: 1 })).body).toEqual({ success: false, message: '只有未使用的兑换码可以编辑' });
    expect((await user.post('/api/user/topup', { key })).body).toEqual({ success: false, message: '兑换失败，该兑换码已被使用' });
    expect((await admin.put<CodeJson>('/api/redemption/?status_only=true', { id, status: 1 })).body.data!.status).toBe(1);
    expect((await admin.put('/api/redemption/?status_only=true', { id, status: 3 })).body).toEqual({ success: false, message: '无效的参数' });
    expect(await codeRow(key!)).toMatchObject({ status: 1, name: 'edited', quota: 200 });
  });

  it('redeems a code once: credit, used status, winner and a type-1 log', async () => {
    const [key] = await createCodes('gift', 100000);
    const before = await quotaOf(user.userId);
    const r = await user.post('/api/user/topup', { key });
    expect(r.body).toEqual({ success: true, message: '', data: 100000 });
    expect(await quotaOf(user.userId)).toBe(before + 100000);
    const code = await codeRow(key!);
    expect(code).toMatchObject({ status: 3, used_user_id: user.userId });
    expect(code.redeemed_time).toBeGreaterThan(0);
    expect(await topupLogs(code.id)).toEqual([{ user_id: user.userId, username: 'red_user', content: `通过兑换码充值 ＄0.200000 额度，兑换码ID ${code.id}` }]);

    expect((await user.post('/api/user/topup', { key })).body).toEqual({ success: false, message: '兑换失败，该兑换码已被使用' });
    expect(await quotaOf(user.userId)).toBe(before + 100000);
  });

  it('never lets a used code be edited, disabled or re-enabled', async () => {
    const [key] = await createCodes('spent', 5);
    await user.post('/api/user/topup', { key });
    const before = await codeRow(key!);
    expect((await admin.put('/api/redemption/', { id: before.id, name: 'reuse', quota: 999 })).body).toEqual({ success: false, message: '只有未使用的兑换码可以编辑' });
    for (const status of [1, 2]) {
      expect((await admin.put('/api/redemption/?status_only=true', { id: before.id, status })).body).toEqual({ success: false, message: '该兑换码已被使用，无法修改状态' });
    }
    expect(await codeRow(key!)).toEqual(before);
  });

  it('refuses empty, unknown and deleted codes without crediting', async () => {
    const before = await quotaOf(user.userId);
    expect((await user.post('/api/user/topup', { key: '' })).body).toEqual({ success: false, message: '未提供兑换码' });
    expect((await user.post('/api/user/topup', {})).body).toEqual({ success: false, message: '未提供兑换码' });
    expect((await user.post('/api/user/topup', { key: 'f'.repeat(32) })).body).toEqual({ success: false, message: '兑换失败，无效的兑换码' });
    const [key] = await createCodes('deleted', 50);
    const { id } = await codeRow(key!);
    expect((await admin.del(`/api/redemption/${id}`)).body).toEqual({ success: true, message: '' });
    expect((await admin.get(`/api/redemption/${id}`)).body.success).toBe(false);
    expect((await user.post('/api/user/topup', { key })).body).toEqual({ success: false, message: '兑换失败，无效的兑换码' });
    expect(await quotaOf(user.userId)).toBe(before);
  });

  it('lets exactly one of 50 users redeem the same code at the same instant (C5)', async () => {
    // 50 users calling with system access tokens (no password hashing, so the race is the only slow part).
    const seeded = Array.from({ length: 50 }, (_, i) => ({ username: `racer${i}`, password: 'x', access_token: `racer-access-token-${String(i).padStart(13, '0')}` }));
    const users = await gw.sql<{ id: number; access_token: string }[]>`INSERT INTO users ${gw.sql(seeded)} RETURNING id, access_token`;
    const [key] = await createCodes('race-many', 100000);
    const answers = await Promise.all(
      users.map((u) => {
        const c = new ConsoleClient(gw);
        c.userId = u.id;
        return c.call('POST', '/api/user/topup', { key }, { authorization: u.access_token });
      }),
    );
    const winners = answers.filter((a) => a.body.success === true);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.body.message === '兑换失败，该兑换码已被使用')).toHaveLength(49);
    const winner = users[answers.findIndex((a) => a.body.success === true)]!;
    const ids = users.map((u) => u.id);
    const [sum] = await gw.sql<{ total: number }[]>`SELECT COALESCE(sum(quota), 0)::bigint AS total FROM users WHERE id = ANY(${ids}::bigint[])`;
    expect(Number(sum!.total)).toBe(100000);
    const code = await codeRow(key!);
    expect(code).toMatchObject({ status: 3, used_user_id: winner.id });
    const logs = await topupLogs(code.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.user_id).toBe(winner.id);
  });

  it('lets one user’s 50 parallel redemptions of a code credit once (C5)', async () => {
    const solo = await seedUser(gw, { username: 'solo_racer' });
    const [key] = await createCodes('race-one', 100000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => solo.post('/api/user/topup', { key })));
    expect(answers.filter((a) => a.body.success === true)).toHaveLength(1);
    expect(await quotaOf(solo.userId)).toBe(100000);
    const code = await codeRow(key!);
    expect(code).toMatchObject({ status: 3, used_user_id: solo.userId });
    expect(await topupLogs(code.id)).toHaveLength(1);
  });
});
