import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, eventually, setupRoot } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';

interface UserJson {
  id: number;
  username: string;
  role: number;
  status: number;
  password: string;
  DeletedAt: string | null;
}
interface Page {
  items: UserJson[];
  total: number;
  page: number;
  page_size: number;
}

describe('user administration', () => {
  let gw: TestGateway;
  let root: ConsoleClient;
  let admin: ConsoleClient;
  let otherRoot: ConsoleClient;
  const ids: Record<string, number> = {};

  const row = async (id: number) => (await gw.sql<Record<string, unknown>[]>`SELECT * FROM users WHERE id = ${id}`)[0];

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupRoot(gw);
    for (const name of ['adam', 'bea', 'cid', 'dora', 'eli', 'root2']) {
      const r = await root.post('/api/user/', { username: name, password: `${name}-pass-1`, display_name: `${name.toUpperCase()} D` });
      expect(r.body, name).toEqual({ success: true, message: '' });
      ids[name] = (await gw.sql<{ id: number }[]>`SELECT id FROM users WHERE username = ${name}`)[0]!.id;
    }
    expect((await root.post('/api/user/manage', { id: ids.adam, action: 'promote' })).body.data).toMatchObject({ role: 10, status: 1 });
    // A second root cannot be made through the API (promote stops at admin), so the test makes one directly.
    await gw.sql`UPDATE users SET role = 100 WHERE id = ${ids.root2!}`;
    admin = new ConsoleClient(gw);
    await admin.login('adam', 'adam-pass-1');
    otherRoot = new ConsoleClient(gw);
    await otherRoot.login('root2', 'root2-pass-1');
  });
  afterAll(() => gw?.stop());

  it('creates common, enabled users only, below the creator', async () => {
    expect(await row(ids.bea!)).toMatchObject({ role: 1, status: 1, display_name: 'BEA D' });
    expect((await root.post('/api/user/', { username: 'fay', password: 'fay-pass-1', role: 10 })).body.success).toBe(true);
    expect(await gw.sql`SELECT role, display_name FROM users WHERE username = 'fay'`).toEqual([{ role: 1, display_name: 'fay' }]);
    expect((await admin.post('/api/user/', { username: 'gus', password: 'gus-pass-1', role: 10 })).body).toEqual({
      success: false,
      message: '无法创建权限大于等于自己的用户',
    });
    expect((await admin.post('/api/user/', { username: '  ', password: 'x-pass-123' })).body.message).toBe('无效的参数');
    expect((await admin.post('/api/user/', { username: 'gus' })).body.message).toBe('无效的参数');
    expect((await admin.post('/api/user/', { username: 'bea', password: 'bea-pass-2' })).body.message).toBe('用户名已存在，或已注销');
  });

  it('pages 1-based with a clamp, includes deregistered users, and never shows passwords', async () => {
    expect((await root.post('/api/user/manage', { id: ids.eli, action: 'delete' })).body.success).toBe(true);
    const all = (await root.get<Page>('/api/user/?p=1&page_size=100')).body.data!;
    expect(all.total).toBe(8);
    expect(all.items.map((u) => u.id)).toEqual([...all.items.map((u) => u.id)].sort((a, b) => b - a));
    expect(all.items.find((u) => u.id === ids.eli)!.DeletedAt).not.toBeNull();
    expect(all.items.every((u) => u.password === '')).toBe(true);

    const first = (await root.get<Page>('/api/user/?p=0&page_size=3')).body.data!;
    expect(first).toMatchObject({ page: 1, page_size: 3, total: 8 });
    expect(first.items.map((u) => u.id)).toEqual(all.items.slice(0, 3).map((u) => u.id));
    const third = (await root.get<Page>('/api/user/?p=3&page_size=3')).body.data!;
    expect(third.items.map((u) => u.id)).toEqual(all.items.slice(6, 8).map((u) => u.id));
    expect((await root.get<Page>('/api/user/?page_size=0')).body.data!.items).toEqual([]);
    expect((await root.get<Page>('/api/user/?page_size=-1')).body.data!.page_size).toBe(10);
  });

  it('searches username, email, display name and id, with an exact group filter', async () => {
    await gw.sql`UPDATE users SET email = 'dora@mail.test', "group" = 'vip' WHERE id = ${ids.dora!}`;
    const names = async (q: string) => (await root.get<Page>(`/api/user/search?${q}`)).body.data!.items.map((u) => u.username).sort();
    expect(await names('keyword=bea')).toEqual(['bea']);
    expect(await names('keyword=mail.test')).toEqual(['dora']);
    expect(await names('keyword=CID%20D')).toEqual(['cid']);
    expect(await names(`keyword=${ids.cid}`)).toEqual(['cid']);
    expect(await names('keyword=eli')).toEqual(['eli']); // deregistered users are found too
    expect(await names('keyword=&group=vip')).toEqual(['dora']);
    expect(await names('keyword=bea&group=vip')).toEqual([]);
    // LIKE wildcards in the keyword are literal
    expect(await names('keyword=%25')).toEqual([]);
    expect(await names('keyword=_')).toEqual([]);
  });

  it('shows a user only to a higher role, or to root', async () => {
    expect((await admin.get<UserJson>(`/api/user/${ids.bea}`)).body.data).toMatchObject({ username: 'bea', password: '' });
    const refused = { success: false, message: '无权获取同级或更高等级用户的信息' };
    expect((await admin.get(`/api/user/${ids.adam}`)).body).toEqual(refused);
    expect((await admin.get(`/api/user/${root.userId}`)).body).toEqual(refused);
    expect((await root.get<UserJson>(`/api/user/${ids.root2}`)).body.data).toMatchObject({ username: 'root2', role: 100 });
    expect((await root.get(`/api/user/${ids.eli}`)).body).toEqual({ success: false, message: 'record not found' });
  });

  it('edits only username, display name, group, quota and password, and logs quota changes (type 3)', async () => {
    const r = await admin.put('/api/user/', {
      id: ids.bea,
      username: 'bea2',
      display_name: 'Bea',
      group: 'vip',
      quota: 1500000,
      role: 1,
      status: 2,
      email: 'x@y.z',
      github_id: 'stolen',
      aff_quota: 10,
    });
    expect(r.body).toEqual({ success: true, message: '' });
    expect(await row(ids.bea!)).toMatchObject({
      username: 'bea2', display_name: 'Bea', group: 'vip', quota: 1500000, role: 1, status: 1, email: '', github_id: '', aff_quota: 0,
    });
    const logs = await eventually(
      () => gw.sql<{ type: number; content: string; username: string }[]>`SELECT type, content, username FROM logs WHERE user_id = ${ids.bea!}`,
      (l) => l.length > 0,
    );
    expect(logs).toEqual([{ type: 3, content: '管理员将用户额度从 ＄0.000000 额度修改为 ＄3.000000 额度', username: 'bea2' }]);

    expect((await admin.put('/api/user/', { id: ids.bea, password: 'bea-new-pass' })).body.success).toBe(true);
    await new ConsoleClient(gw).login('bea2', 'bea-new-pass');
    expect((await admin.put('/api/user/', { username: 'nobody' })).body.message).toBe('无效的参数');
    expect((await admin.put('/api/user/', { id: ids.bea, password: 'short' })).body.message).toMatch(/^输入不合法 .*'Password' failed on the 'min' tag/);
  });

  it('keeps admins off equal or higher roles, and off raising roles to their own', async () => {
    const same = '无权更新同权限等级或更高权限等级的用户信息';
    expect((await admin.put('/api/user/', { id: root.userId, quota: 1 })).body.message).toBe(same);
    expect((await admin.put('/api/user/', { id: ids.adam, quota: 1 })).body.message).toBe(same);
    expect((await admin.put('/api/user/', { id: ids.cid, role: 10 })).body.message).toBe('无权将其他用户权限等级提升到大于等于自己的权限等级');
    expect((await otherRoot.put('/api/user/', { id: root.userId, display_name: 'Edited by root2' })).body.success).toBe(true);
    expect(await row(root.userId)).toMatchObject({ display_name: 'Edited by root2', quota: 100000000 });
  });

  it('applies every manage rule of new-api, for admin and for root', async () => {
    const manage = (c: ConsoleClient, id: number | undefined, action: string) => c.post('/api/user/manage', { id, action });
    const same = '无权更新同权限等级或更高权限等级的用户信息';
    expect((await manage(admin, 99999, 'disable')).body.message).toBe('用户不存在');
    expect((await manage(admin, ids.adam, 'disable')).body.message).toBe(same);
    expect((await manage(admin, root.userId, 'disable')).body.message).toBe(same);
    expect((await manage(admin, ids.cid, 'promote')).body.message).toBe('普通管理员用户无法提升其他用户为管理员');
    expect((await manage(root, ids.adam, 'promote')).body.message).toBe('该用户已经是管理员');
    expect((await manage(root, ids.root2, 'promote')).body.message).toBe('该用户已经是管理员');
    expect((await manage(root, ids.cid, 'demote')).body.message).toBe('该用户已经是普通用户');
    expect((await manage(root, ids.root2, 'demote')).body.message).toBe('无法降级超级管理员用户');
    expect((await manage(root, ids.root2, 'disable')).body.message).toBe('无法禁用超级管理员用户');
    expect((await manage(root, ids.root2, 'delete')).body.message).toBe('无法删除超级管理员用户');
    expect(await row(ids.root2!)).toMatchObject({ role: 100, status: 1, deleted_at: null });

    const promoted = await manage(root, ids.cid, 'promote');
    expect(promoted.body.data).toMatchObject({ role: 10, status: 1, id: 0, username: '', quota: 0, group: '' });
    expect((await manage(root, ids.cid, 'demote')).body.data).toMatchObject({ role: 1, status: 1 });
    expect((await manage(root, ids.cid, 'dance')).body).toMatchObject({ success: true, data: { role: 1, status: 1 } });
    // manage acts on deregistered users too
    expect((await manage(admin, ids.eli, 'disable')).body.data).toMatchObject({ status: 2 });
  });

  it('refuses a disabled or deleted user on the very next request, session and access token alike', async () => {
    const cid = new ConsoleClient(gw);
    await cid.login('cid', 'cid-pass-1');
    const token = (await cid.get<string>('/api/user/token')).body.data!;
    const viaToken = () => new ConsoleClient(gw).call('GET', '/api/user/self', undefined, { Authorization: token, 'New-Api-User': String(ids.cid) });
    expect((await viaToken()).body.success).toBe(true);

    expect((await admin.post('/api/user/manage', { id: ids.cid, action: 'disable' })).body.data).toMatchObject({ status: 2 });
    // the ban ended the session; the access token is refused by status
    expect((await cid.get('/api/user/self')).body).toEqual({ success: false, message: '无权进行此操作，未登录且未提供 access token' });
    expect((await viaToken()).body).toEqual({ success: false, message: '用户已被封禁' });
    await expect(new ConsoleClient(gw).login('cid', 'cid-pass-1')).rejects.toThrow(/用户名或密码错误，或用户已被封禁/);

    expect((await admin.post('/api/user/manage', { id: ids.cid, action: 'enable' })).body.data).toMatchObject({ status: 1 });
    expect((await viaToken()).body.success).toBe(true);
    await cid.login('cid', 'cid-pass-1');
    expect((await cid.get('/api/user/self')).body.success).toBe(true);

    expect((await admin.post('/api/user/manage', { id: ids.cid, action: 'delete' })).body.success).toBe(true);
    expect((await row(ids.cid!))!.deleted_at).not.toBeNull();
    expect((await cid.get('/api/user/self')).body.success).toBe(false);
    expect((await viaToken()).body).toEqual({ success: false, message: '无权进行此操作，access token 无效' });
  });

  it('hard-deletes only lower roles: root cannot remove another root', async () => {
    expect((await admin.del(`/api/user/${ids.root2}`)).body.message).toBe('无权删除同权限等级或更高权限等级的用户');
    expect((await otherRoot.del(`/api/user/${root.userId}`)).body.message).toBe('无权删除同权限等级或更高权限等级的用户');
    expect((await admin.del(`/api/user/${ids.adam}`)).body.message).toBe('无权删除同权限等级或更高权限等级的用户');
    expect((await admin.del(`/api/user/${ids.dora}`)).body).toEqual({ success: true, message: '' });
    expect(await row(ids.dora!)).toBeUndefined();
    expect((await root.del(`/api/user/${ids.adam}`)).body.success).toBe(true);
    expect(await row(ids.adam!)).toBeUndefined();
    // the admin's session died with the row
    expect((await admin.get('/api/user/self')).body.success).toBe(false);
  });
});
