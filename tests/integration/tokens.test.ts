import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleClient } from '../support/console-client.js';
import { addChannel, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { seedUser } from '../support/seed-rows.js';

interface TokenJson {
  id: number;
  user_id: number;
  key: string;
  name: string;
  status: number;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  model_limits: string;
  allow_ips: string;
  group: string;
}

describe('tokens API', () => {
  let f: RelayFixture;
  let alice: ConsoleClient;
  let bob: ConsoleClient;

  /** Creates a token for the client and returns it as the list shows it. */
  const create = async (c: ConsoleClient, spec: Record<string, unknown>): Promise<TokenJson> => {
    const name = (spec.name as string | undefined) ?? `t${Math.random().toString(36).slice(2, 9)}`;
    const r = await c.post('/api/token/', { remain_quota: 500000, expired_time: -1, unlimited_quota: false, ...spec, name });
    expect(r.body).toEqual({ success: true, message: '' });
    const list = await c.get<TokenJson[]>(`/api/token/search?keyword=${encodeURIComponent(name)}`);
    return list.body.data!.find((t) => t.name === name)!;
  };
  const row = async (id: number) => (await f.gw.sql`SELECT * FROM tokens WHERE id = ${id}`)[0];
  const count = async () => Number((await f.gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM tokens`)[0]!.n);
  const chat = (key: string) =>
    fetch(`${f.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });

  beforeAll(async () => {
    f = await startRelayFixture();
    await addChannel(f, { models: 'gpt-4o-mini' });
    alice = await seedUser(f.gw, { username: 'tok_alice', quota: 10_000_000 });
    bob = await seedUser(f.gw, { username: 'tok_bob', quota: 10_000_000 });
  });
  afterAll(() => f?.stop());

  it('creates a token with every field and shows the owner the full key', async () => {
    const t = await create(alice, {
      name: 'full',
      remain_quota: 1234,
      unlimited_quota: false,
      expired_time: 4102444800,
      model_limits_enabled: true,
      model_limits: 'gpt-4o-mini,gpt-4o',
      allow_ips: ' 10.0.0.1 \n\n::1\n',
      group: 'vip',
    });
    expect(t).toMatchObject({
      status: 1,
      remain_quota: 1234,
      expired_time: 4102444800,
      model_limits_enabled: true,
      model_limits: 'gpt-4o-mini,gpt-4o',
      allow_ips: '10.0.0.1\n::1',
      group: 'vip',
    });
    expect(t.key).toMatch(/^[0-9a-zA-Z]{48}$/);
    expect((await alice.get<TokenJson>(`/api/token/${t.id}`)).body.data!.key).toBe(t.key);
  });

  it('refuses an allow-list entry that is not an IP and stores nothing', async () => {
    const before = await count();
    for (const allow_ips of ['10.0.0.1\nexample.com', '10.0.0.0/8', '1.2.3.4,5.6.7.8']) {
      const r = await alice.post('/api/token/', { name: 'bad-ips', allow_ips });
      expect(r.body.success).toBe(false);
      expect(r.body.message).toMatch(/^IP 白名单中的 ".*" 不是合法的 IP 地址/);
    }
    expect(await count()).toBe(before);
    const t = await create(alice, { name: 'ips-edit', allow_ips: '10.0.0.1' });
    const r = await alice.put('/api/token/', { ...t, allow_ips: 'not-an-ip' });
    expect(r.body.success).toBe(false);
    expect((await row(t.id))!.allow_ips).toBe('10.0.0.1');
  });

  it('lets the relay enforce the allow-list', async () => {
    const elsewhere = await create(alice, { name: 'ip-other', allow_ips: '10.9.9.9' });
    const here = await create(alice, { name: 'ip-here', allow_ips: '127.0.0.1' });
    const refused = await chat(elsewhere.key);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await refused.json())).toContain('您的 IP 不在令牌允许访问的列表中');
    const allowed = await chat(here.key);
    expect(allowed.status).toBe(200);
  });

  it('limits the group to the usable groups on create and update (S5)', async () => {
    const before = await count();
    const r = await alice.post('/api/token/', { name: 'svip-token', group: 'svip' });
    expect(r.body).toEqual({ success: false, message: '无权使用分组 svip，请选择可用分组' });
    expect(await count()).toBe(before);

    const t = await create(alice, { name: 'group-edit', group: 'vip' });
    const before2 = await row(t.id);
    const u = await alice.put('/api/token/', { ...t, group: 'svip', name: 'renamed' });
    expect(u.body).toEqual({ success: false, message: '无权使用分组 svip，请选择可用分组' });
    expect(await row(t.id)).toEqual(before2);

    // The user's own group is always usable, even when UserUsableGroups does not list it.
    const carol = await seedUser(f.gw, { username: 'tok_carol', group: 'svip' });
    expect((await create(carol, { name: 'own-group', group: 'svip' })).group).toBe('svip');
  });

  it('keeps a group the user can no longer use when other fields are edited', async () => {
    const t = await create(alice, { name: 'legacy', group: 'vip' });
    await f.gw.sql`UPDATE tokens SET "group" = 'svip' WHERE id = ${t.id}`;
    const r = await alice.put<TokenJson>('/api/token/', { ...t, group: 'svip', name: 'legacy2' });
    expect(r.body.success).toBe(true);
    expect(r.body.data).toMatchObject({ name: 'legacy2', group: 'svip' });
  });

  it('refuses names over 30 bytes', async () => {
    expect((await alice.post('/api/token/', { name: '令牌令牌令牌令牌令牌令' })).body).toEqual({ success: false, message: '令牌名称过长' });
    const t = await create(alice, { name: 'short' });
    expect((await alice.put('/api/token/', { ...t, name: 'x'.repeat(31) })).body).toEqual({ success: false, message: '令牌名称过长' });
  });

  it('edits remain quota, unlimited, expiry and model limits in a full edit, never the status', async () => {
    const t = await create(alice, { name: 'edit-me' });
    const r = await alice.put<TokenJson>('/api/token/', {
      ...t,
      status: 2,
      remain_quota: 99,
      unlimited_quota: true,
      expired_time: 4102444800,
      model_limits_enabled: true,
      model_limits: 'gpt-4o',
    });
    expect(r.body.success).toBe(true);
    expect(r.body.data).toMatchObject({ status: 1, remain_quota: 99, unlimited_quota: true, expired_time: 4102444800, model_limits_enabled: true, model_limits: 'gpt-4o' });
    expect(await row(t.id)).toMatchObject({ status: 1, remain_quota: 99, unlimited_quota: true, model_limits: 'gpt-4o' });
  });

  it('changes only the status with status_only, and refuses to enable expired or exhausted tokens', async () => {
    const t = await create(alice, { name: 'status' });
    const off = await alice.put<TokenJson>('/api/token/?status_only=true', { id: t.id, status: 2, name: 'ignored', remain_quota: 1 });
    expect(off.body.data).toMatchObject({ status: 2, name: 'status', remain_quota: 500000 });
    expect((await alice.put<TokenJson>('/api/token/?status_only=true', { id: t.id, status: 1 })).body.data!.status).toBe(1);

    await f.gw.sql`UPDATE tokens SET status = 3, expired_time = 1000 WHERE id = ${t.id}`;
    expect((await alice.put('/api/token/?status_only=true', { id: t.id, status: 1 })).body).toEqual({
      success: false,
      message: '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期',
    });
    await f.gw.sql`UPDATE tokens SET status = 4, expired_time = -1, remain_quota = 0 WHERE id = ${t.id}`;
    expect((await alice.put('/api/token/?status_only=true', { id: t.id, status: 1 })).body).toEqual({
      success: false,
      message: '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度',
    });
    expect((await row(t.id))!.status).toBe(4);
    // Raising the quota and then enabling works.
    await alice.put('/api/token/', { id: t.id, remain_quota: 10 });
    expect((await alice.put<TokenJson>('/api/token/?status_only=true', { id: t.id, status: 1 })).body.data!.status).toBe(1);
  });

  it('pages the list with zero-based p and size ≤ 100, own tokens only, newest first', async () => {
    const mine = await f.gw.sql<{ id: number }[]>`SELECT id FROM tokens WHERE user_id = ${alice.userId} AND deleted_at IS NULL ORDER BY id DESC`;
    await create(bob, { name: 'bobs-only' });
    const p0 = await alice.get<TokenJson[]>('/api/token/?p=0&size=3');
    expect(p0.body.data!.map((t) => t.id)).toEqual(mine.slice(0, 3).map((r) => r.id));
    const p1 = await alice.get<TokenJson[]>('/api/token/?p=1&size=3');
    expect(p1.body.data!.map((t) => t.id)).toEqual(mine.slice(3, 6).map((r) => r.id));
    const all = await alice.get<TokenJson[]>('/api/token/?p=0&size=1000');
    expect(all.body.data!.length).toBe(Math.min(100, mine.length));
    expect(all.body.data!.every((t) => t.user_id === alice.userId)).toBe(true);
  });

  it('searches by name and key, with LIKE wildcards matched literally (S14)', async () => {
    const pct = await create(alice, { name: 'a%b' });
    await create(alice, { name: 'axxb' });
    const byName = await alice.get<TokenJson[]>(`/api/token/search?keyword=${encodeURIComponent('a%b')}`);
    expect(byName.body.data!.map((t) => t.name)).toEqual(['a%b']);
    const underscore = await alice.get<TokenJson[]>(`/api/token/search?keyword=${encodeURIComponent('a_xb')}`);
    expect(underscore.body.data).toEqual([]);
    const byKey = await alice.get<TokenJson[]>(`/api/token/search?token=${encodeURIComponent(`sk-${pct.key.slice(0, 20)}`)}`);
    expect(byKey.body.data!.map((t) => t.id)).toContain(pct.id);
    const bobSees = await bob.get<TokenJson[]>(`/api/token/search?token=${pct.key}`);
    expect(bobSees.body.data).toEqual([]);
  });

  it('deletes in batch only the caller’s tokens, never touching the balance', async () => {
    const a1 = await create(alice, { name: 'batch1' });
    const a2 = await create(alice, { name: 'batch2' });
    const b1 = await create(bob, { name: 'batch-bob' });
    // the balance as its owner sees it: the users row alone moves when a slice leased by an earlier test's request
    // goes home meanwhile
    const balance = async () => (await alice.get<{ quota: number }>('/api/user/self')).body.data!.quota;
    const before = await balance();
    const r = await alice.post('/api/token/batch', { ids: [a1.id, a2.id, b1.id] });
    expect(r.body).toEqual({ success: true, message: '', data: 2 });
    expect((await row(a1.id))!.deleted_at).not.toBeNull();
    expect((await row(a2.id))!.deleted_at).not.toBeNull();
    expect((await row(b1.id))!.deleted_at).toBeNull();
    expect((await alice.post('/api/token/batch', { ids: [] })).body).toEqual({ success: false, message: '参数错误' });
    expect((await alice.post('/api/token/batch', { ids: 'all' })).body).toEqual({ success: false, message: '参数错误' });
    expect(await balance()).toBe(before);
    // A deleted token no longer authenticates.
    expect((await chat(a1.key)).status).toBe(401);
  });

  it('treats another user’s token id as missing on every route and changes nothing (S3, A1, A2)', async () => {
    const victim = await create(alice, { name: 'victim', remain_quota: 777 });
    const before = await row(victim.id);
    const answers = [
      await bob.get(`/api/token/${victim.id}`),
      await bob.get(`/api/token/${victim.id}/`),
      await bob.put('/api/token/', { id: victim.id, name: 'stolen', remain_quota: 1, unlimited_quota: true }),
      await bob.put('/api/token/?status_only=true', { id: victim.id, status: 2 }),
      await bob.del(`/api/token/${victim.id}`),
      await bob.del(`/api/token/${victim.id}/`),
    ];
    for (const a of answers) expect(a.body).toEqual({ success: false, message: 'record not found' });
    expect((await bob.post('/api/token/batch', { ids: [victim.id] })).body).toEqual({ success: true, message: '', data: 0 });
    const bodies = JSON.stringify(answers.map((a) => a.body)) + JSON.stringify((await bob.get('/api/token/?p=0&size=100')).body);
    expect(bodies).not.toContain(victim.key);
    expect(await row(victim.id)).toEqual(before);
    // The owner still has it, unchanged.
    expect((await alice.get<TokenJson>(`/api/token/${victim.id}`)).body.data).toMatchObject({ name: 'victim', remain_quota: 777, status: 1 });
  });
});
