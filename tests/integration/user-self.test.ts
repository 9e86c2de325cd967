import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, eventually, setupRoot } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';

describe('self service', () => {
  let gw: TestGateway;
  let root: ConsoleClient;

  beforeAll(async () => {
    gw = await startGateway({ USER_URL_ALLOW_PRIVATE: 'true' });
    root = await setupRoot(gw);
  });
  afterAll(() => gw?.stop());

  /** Registers a user and returns a logged-in client. */
  async function newUser(username: string, password = `${username}-pass-1`): Promise<ConsoleClient> {
    const c = new ConsoleClient(gw);
    expect((await c.post('/api/user/register', { username, password })).body.success).toBe(true);
    await c.login(username, password);
    return c;
  }
  const row = async (id: number) => (await gw.sql<Record<string, unknown>[]>`SELECT * FROM users WHERE id = ${id}`)[0]!;

  it('always checks the original password, then writes only username, display name and password', async () => {
    const kim = await newUser('kim');
    expect((await kim.put('/api/user/self', { display_name: 'Kim K' })).body).toEqual({ success: false, message: '原密码错误' });
    expect((await kim.put('/api/user/self', { display_name: 'Kim K', original_password: 'wrong-pass' })).body.message).toBe('原密码错误');
    const r = await kim.put('/api/user/self', {
      display_name: 'Kim K',
      original_password: 'kim-pass-1',
      role: 100,
      quota: 999999,
      group: 'vip',
      status: 2,
      aff_code: 'HACK',
      used_quota: 5,
    });
    expect(r.body).toEqual({ success: true, message: '' });
    expect(await row(kim.userId)).toMatchObject({ display_name: 'Kim K', role: 1, quota: 0, group: 'default', status: 1, used_quota: 0 });
    expect((await row(kim.userId)).aff_code).not.toBe('HACK');

    const long = await kim.put('/api/user/self', { display_name: 'x'.repeat(21), original_password: 'kim-pass-1' });
    expect(long.body.message).toBe("输入不合法 Key: 'User.DisplayName' Error:Field validation for 'DisplayName' failed on the 'max' tag");
  });

  it('renames the username (unique, deregistered names included) and re-hashes a new password', async () => {
    const lee = await newUser('lee');
    expect((await lee.put('/api/user/self', { username: 'kim', original_password: 'lee-pass-1' })).body).toEqual({ success: false, message: '用户名已存在，或已注销' });
    expect((await lee.put('/api/user/self', { username: 'lee2', password: 'new-pass-22', original_password: 'lee-pass-1' })).body.success).toBe(true);
    await expect(new ConsoleClient(gw).login('lee2', 'lee-pass-1')).rejects.toThrow();
    await new ConsoleClient(gw).login('lee2', 'new-pass-22');
    expect((await row(lee.userId)).password).toMatch(/^\$2[ab]\$10\$/);
    // the existing session follows the new name
    expect((await lee.get('/api/user/self')).body.data).toMatchObject({ username: 'lee2' });
  });

  it('issues a new system access token on every call; only the newest one authenticates', async () => {
    const kim = new ConsoleClient(gw);
    await kim.login('kim', 'kim-pass-1');
    const first = (await kim.get<string>('/api/user/token')).body.data!;
    const second = (await kim.get<string>('/api/user/token')).body.data!;
    for (const t of [first, second]) expect(t).toMatch(/^[A-Za-z0-9+/=]{28}$|^[A-Za-z0-9+/=]{32}$/);
    const viaToken = (token: string, id = kim.userId) =>
      new ConsoleClient(gw).call('GET', '/api/user/self', undefined, { Authorization: `Bearer ${token}`, 'New-Api-User': String(id) });
    expect((await viaToken(second)).body.data).toMatchObject({ username: 'kim' });
    expect((await viaToken(first)).body).toEqual({ success: false, message: '无权进行此操作，access token 无效' });
    expect((await viaToken(second, root.userId)).status).toBe(401);
  });

  it('hands out one 4-character aff code per user, drawing it on first use', async () => {
    const [before] = await gw.sql<{ aff_code: string | null }[]>`SELECT aff_code FROM users WHERE id = ${root.userId}`;
    expect(before!.aff_code ?? '').toBe('');
    const code = (await root.get<string>('/api/user/aff')).body.data!;
    expect(code).toMatch(/^[0-9a-zA-Z]{4}$/);
    expect((await root.get<string>('/api/user/aff')).body.data).toBe(code);
    expect((await row(root.userId)).aff_code).toBe(code);
  });

  it('transfers affiliate earnings with new-api messages and never below one unit', async () => {
    const kim = new ConsoleClient(gw);
    await kim.login('kim', 'kim-pass-1');
    await gw.sql`UPDATE users SET aff_quota = 1200000 WHERE id = ${kim.userId}`;
    expect((await kim.post('/api/user/aff_transfer', {})).body.message).toBe(
      "Key: 'TransferAffQuotaRequest.Quota' Error:Field validation for 'Quota' failed on the 'required' tag",
    );
    expect((await kim.post('/api/user/aff_transfer', { quota: 499999 })).body.message).toBe('划转失败 转移额度最小为＄1.000000 额度！');
    expect((await kim.post('/api/user/aff_transfer', { quota: -500000 })).body.message).toBe('划转失败 转移额度最小为＄1.000000 额度！');
    expect((await kim.post('/api/user/aff_transfer', { quota: 2000000 })).body.message).toBe('划转失败 邀请额度不足！');
    expect((await kim.post('/api/user/aff_transfer', { quota: 700000 })).body).toEqual({ success: true, message: '划转成功' });
    expect(await row(kim.userId)).toMatchObject({ aff_quota: 500000, quota: 700000 });
  });

  it('lets exactly one of 20 concurrent transfers through when the earnings cover one', async () => {
    const kim = new ConsoleClient(gw);
    await kim.login('kim', 'kim-pass-1');
    const before = await row(kim.userId);
    expect(before.aff_quota).toBe(500000);
    const results = await Promise.all(Array.from({ length: 20 }, () => kim.post('/api/user/aff_transfer', { quota: 500000 })));
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.success)) expect(r.body.message).toBe('划转失败 邀请额度不足！');
    expect(await row(kim.userId)).toMatchObject({ aff_quota: 0, quota: (before.quota as number) + 500000 });
  });

  it('lists usable groups with ratios, with and without a session', async () => {
    const kim = new ConsoleClient(gw);
    await kim.login('kim', 'kim-pass-1');
    const defaults = { default: { ratio: 1, desc: '默认分组' }, vip: { ratio: 1, desc: 'vip分组' } };
    expect((await kim.get('/api/user/self/groups')).body.data).toEqual(defaults);
    expect((await new ConsoleClient(gw).get('/api/user/groups')).body).toEqual({ success: true, message: '', data: defaults });
    // a user in svip (in GroupRatio, not in UserUsableGroups) also gets their own group
    await root.put('/api/user/', { id: kim.userId, group: 'svip' });
    expect((await kim.get('/api/user/self/groups')).body.data).toEqual({ ...defaults, svip: { ratio: 1, desc: '用户分组' } });
    await root.put('/api/user/', { id: kim.userId, group: 'default' });
  });

  it('lists the models of enabled channels in usable groups, and an empty list when there are none', async () => {
    const kim = new ConsoleClient(gw);
    await kim.login('kim', 'kim-pass-1');
    expect((await kim.get('/api/user/models')).body).toEqual({ success: true, message: '', data: [] });
    const channel = (name: string, models: string, group: string) =>
      root.post('/api/channel/', { type: 1, key: 'k', name, models, group, base_url: 'http://127.0.0.1:9' });
    expect((await channel('c-default', 'gpt-4o-mini,m-default', 'default')).body.success).toBe(true);
    expect((await channel('c-vip', 'm-vip,gpt-4o-mini', 'vip')).body.success).toBe(true);
    expect((await channel('c-svip', 'm-svip', 'svip')).body.success).toBe(true);
    const models = await eventually(async () => (await kim.get<string[]>('/api/user/models')).body.data, (d) => (d?.length ?? 0) >= 3);
    expect(models).toEqual(['gpt-4o-mini', 'm-default', 'm-vip']);
  });

  it('validates and stores notification settings, replacing the whole setting', async () => {
    const kim = new ConsoleClient(gw);
    await kim.login('kim', 'kim-pass-1');
    const put = (body: Record<string, unknown>) => kim.put('/api/user/setting', body);
    expect((await put({ notify_type: 'sms', quota_warning_threshold: 1 })).body.message).toBe('无效的预警类型');
    expect((await put({ notify_type: 'email', quota_warning_threshold: 0 })).body.message).toBe('预警阈值必须大于0');
    expect((await put({ notify_type: 'webhook', quota_warning_threshold: 1 })).body.message).toBe('Webhook地址不能为空');
    expect((await put({ notify_type: 'webhook', quota_warning_threshold: 1, webhook_url: 'not a url' })).body.message).toBe('无效的Webhook地址');
    expect((await put({ notify_type: 'email', quota_warning_threshold: 1, notification_email: 'nope' })).body.message).toBe('无效的邮箱地址');
    expect((await put({ notify_type: 'webhook', quota_warning_threshold: 'x' })).body.message).toBe('无效的参数');

    const ok = await put({ notify_type: 'webhook', quota_warning_threshold: 5000, webhook_url: 'http://127.0.0.1:9/q', webhook_secret: 's3', accept_unset_model_ratio_model: true });
    expect(ok.body).toEqual({ success: true, message: '设置已更新' });
    expect(JSON.parse((await row(kim.userId)).setting as string)).toEqual({
      accept_unset_model_ratio_model: true,
      notify_type: 'webhook',
      quota_warning_threshold: 5000,
      webhook_secret: 's3',
      webhook_url: 'http://127.0.0.1:9/q',
    });
    await put({ notify_type: 'email', quota_warning_threshold: 100, notification_email: 'kim@mail.test' });
    expect(JSON.parse((await row(kim.userId)).setting as string)).toEqual({
      accept_unset_model_ratio_model: false,
      notification_email: 'kim@mail.test',
      notify_type: 'email',
      quota_warning_threshold: 100,
    });
    expect((await kim.get('/api/user/self')).body.data).toMatchObject({ setting: expect.stringContaining('kim@mail.test') });
  });

  it('never lets a user read or change another user (IDOR)', async () => {
    const mia = await newUser('mia');
    const kim = new ConsoleClient(gw);
    await kim.login('kim', 'kim-pass-1');
    const before = await row(kim.userId);
    const denied = { success: false, message: '无权进行此操作，权限不足' };
    expect((await mia.get(`/api/user/${kim.userId}`)).body).toEqual(denied);
    expect((await mia.put('/api/user/', { id: kim.userId, quota: 1, username: 'owned' })).body).toEqual(denied);
    expect((await mia.post('/api/user/manage', { id: kim.userId, action: 'disable' })).body).toEqual(denied);
    expect((await mia.del(`/api/user/${kim.userId}`)).body).toEqual(denied);
    expect((await mia.get('/api/user/')).body).toEqual(denied);
    expect((await mia.get('/api/user/search?keyword=kim')).body).toEqual(denied);
    // self routes act on the caller only, whatever id the body names
    await mia.put('/api/user/self', { id: kim.userId, display_name: 'owned', original_password: 'mia-pass-1' });
    await mia.put('/api/user/setting', { id: kim.userId, notify_type: 'email', quota_warning_threshold: 1 });
    // the New-Api-User header cannot name someone else
    const spoof = await mia.call('GET', '/api/user/self', undefined, { 'New-Api-User': String(kim.userId) });
    expect(spoof.status).toBe(401);
    expect(spoof.body.message).toBe('无权进行此操作，New-Api-User 与登录用户不匹配');
    expect(await row(kim.userId)).toEqual(before);
    expect(await row(mia.userId)).toMatchObject({ display_name: 'owned' });
  });

  it('deregisters a user (soft delete) but never root', async () => {
    expect((await root.del('/api/user/self')).body).toEqual({ success: false, message: '不能删除超级管理员账户' });
    const ned = await newUser('ned');
    const session = ned.cookie;
    expect((await ned.del('/api/user/self')).body).toEqual({ success: true, message: '' });
    expect((await row(ned.userId)).deleted_at).not.toBeNull();
    await expect(new ConsoleClient(gw).login('ned', 'ned-pass-1')).rejects.toThrow();
    // a copy of the old session cookie no longer opens anything
    ned.cookie = session;
    expect((await ned.get('/api/user/self')).body).toEqual({ success: false, message: '无权进行此操作，未登录且未提供 access token' });
  });
});
