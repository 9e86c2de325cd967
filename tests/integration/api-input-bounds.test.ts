import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, ROOT_USER, setupRoot } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';

const LONG = 'x'.repeat(2048);
const tooLong = (field: string) => `无效的参数：${field} 长度不能超过 255 个字符`;
const hasNul = (field: string) => `无效的参数：${field} 不能包含空字符 (NUL)`;

/**
 * Over-long text and NUL bytes in console bodies and queries: refused with HTTP 400 and a message naming the
 * field, before anything reaches the database (PostgreSQL cannot store NUL: it used to be a 500).
 */
describe('text bounds on /api bodies and queries', () => {
  let gw: TestGateway;
  let root: ConsoleClient;
  let tokenId: number;
  let setupAnswers: Array<{ status: number; body: unknown }>;

  beforeAll(async () => {
    gw = await startGateway();
    const guest = new ConsoleClient(gw);
    const password = ROOT_USER.password;
    setupAnswers = [
      await guest.post('/api/setup', { username: LONG, password, confirmPassword: password }),
      await guest.post('/api/setup', { username: 'root', password, confirmPassword: `${password}\u0000` }),
      await guest.call('POST', '/api/setup', '{"username":'),
    ];
    root = await setupRoot(gw);
    expect((await root.post('/api/token/', { name: 'bounds', remain_quota: 1, expired_time: -1 })).body.success).toBe(true);
    tokenId = Number((await gw.sql<{ id: number }[]>`SELECT id FROM tokens WHERE name = 'bounds'`)[0]!.id);
  });
  afterAll(() => gw?.stop());

  /** Every table a refused request could have written to. */
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        gw.sql`SELECT * FROM users ORDER BY id`,
        gw.sql`SELECT * FROM tokens ORDER BY id`,
        gw.sql`SELECT * FROM channels ORDER BY id`,
        gw.sql`SELECT * FROM redemptions ORDER BY id`,
        gw.sql`SELECT * FROM options ORDER BY key`,
      ]),
    );

  it('refuses setup input past its bounds, then sets up as usual', () => {
    expect(setupAnswers.map((a) => [a.status, a.body])).toEqual([
      [400, { success: false, message: tooLong('username') }],
      [400, { success: false, message: hasNul('confirmPassword') }],
      [400, { success: false, message: '请求参数有误' }],
    ]);
    expect(root.userId).toBeGreaterThan(0);
  });

  it('refuses a 2 KB login username with a clear message, without looking it up', async () => {
    const guest = new ConsoleClient(gw);
    const t = performance.now();
    const r = await guest.post('/api/user/login', { username: LONG, password: ROOT_USER.password });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, message: tooLong('username') });
    expect(performance.now() - t).toBeLessThan(2000);
    // An ordinary wrong login still gets new-api's answer, so the refusal above did not come from the lookup.
    expect((await guest.post('/api/user/login', { username: 'nobody', password: 'wrong-pass' })).body.message).toBe('用户名或密码错误，或用户已被封禁');
  });

  it.each<[string, string, string, () => Record<string, unknown>, string]>([
    ['login, NUL in the username', 'POST', '/api/user/login', () => ({ username: 'ro\u0000ot', password: ROOT_USER.password }), hasNul('username')],
    ['login, 2 KB password', 'POST', '/api/user/login', () => ({ username: 'root', password: LONG }), tooLong('password')],
    ['register, 2 KB aff_code', 'POST', '/api/user/register', () => ({ username: 'newbie', password: 'newbie-pass-1', aff_code: LONG }), tooLong('aff_code')],
    ['register, NUL in aff_code', 'POST', '/api/user/register', () => ({ username: 'newbie', password: 'newbie-pass-1', aff_code: 'a\u0000' }), hasNul('aff_code')],
    ['password reset, 2 KB token', 'POST', '/api/user/reset', () => ({ email: 'a@example.com', token: LONG }), tooLong('token')],
    ['self update, 2 KB original password', 'PUT', '/api/user/self', () => ({ display_name: 'R', original_password: LONG }), tooLong('original_password')],
    ['self update, NUL in the display name', 'PUT', '/api/user/self', () => ({ display_name: 'R\u0000', original_password: ROOT_USER.password }), hasNul('display_name')],
    ['notification settings, 2 KB email', 'PUT', '/api/user/setting', () => ({ notify_type: 'email', quota_warning_threshold: 1, notification_email: `${LONG}@example.com` }), tooLong('notification_email')],
    ['admin create, NUL in the display name', 'POST', '/api/user/', () => ({ username: 'bob', password: 'bob-pass-12', display_name: 'B\u0000' }), hasNul('display_name')],
    ['admin edit, NUL in the group', 'PUT', '/api/user/', () => ({ id: root.userId, group: 'g\u0000' }), hasNul('group')],
    ['admin manage, 2 KB action', 'POST', '/api/user/manage', () => ({ id: root.userId, action: LONG }), tooLong('action')],
    ['token create, NUL in the name', 'POST', '/api/token/', () => ({ name: 'a\u0000b', remain_quota: 1, expired_time: -1 }), hasNul('name')],
    ['token edit, NUL in the name', 'PUT', '/api/token/', () => ({ id: tokenId, name: 'a\u0000b' }), hasNul('name')],
    ['redeem, NUL in the code', 'POST', '/api/user/topup', () => ({ key: 'k\u0000' }), hasNul('key')],
    ['redemption create, NUL in the name', 'POST', '/api/redemption/', () => ({ name: 'r\u0000', quota: 100, count: 1 }), hasNul('name')],
    ['channel create, NUL in the name', 'POST', '/api/channel/', () => ({ name: 'c\u0000', type: 1, key: 'k', models: 'm', group: 'default' }), hasNul('name')],
    ['option update, NUL in the value', 'PUT', '/api/option/', () => ({ key: 'Notice', value: 'n\u0000' }), hasNul('value')],
  ])('%s', async (_name, method, path, body, message) => {
    const before = await snapshot();
    const r = await root.call(method, path, body());
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, message });
    expect(await snapshot()).toBe(before);
  });

  it.each<[string, string]>([
    ['/api/user/search?keyword=%00', 'keyword'],
    ['/api/user/search?keyword=a&group=%00', 'group'],
    ['/api/token/search?keyword=%00', 'keyword'],
    ['/api/token/search?token=sk-%00', 'token'],
    ['/api/log/?username=%00', 'username'],
    ['/api/log/?model_name=gpt%00', 'model_name'],
    ['/api/log/self?token_name=%00', 'token_name'],
    ['/api/log/stat?group=%00', 'group'],
    ['/api/log/search?keyword=%00', 'keyword'],
    ['/api/log/token?key=sk-%00', 'key'],
    ['/api/channel/search?keyword=%00', 'keyword'],
    ['/api/channel/search?model=%00', 'model'],
    ['/api/redemption/search?keyword=%00', 'keyword'],
    ['/api/data/?username=%00', 'username'],
    ['/api/task/?task_id=%00', 'task_id'],
    ['/api/mj/?mj_id=%00', 'mj_id'],
    ['/api/oauth/email/bind?email=a%00@example.com&code=abc', 'email'],
  ])('refuses NUL in the query %s', async (path, field) => {
    const r = await root.get(path);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, message: hasNul(field) });
  });

  const K300 = 'k'.repeat(300);
  it.each([
    [`/api/user/search?keyword=${K300}`, 'keyword'],
    [`/api/token/search?keyword=${K300}`, 'keyword'],
    [`/api/log/?token_name=${K300}`, 'token_name'],
    [`/api/channel/search?keyword=${K300}`, 'keyword'],
    [`/api/redemption/search?keyword=${K300}`, 'keyword'],
    [`/api/reset_password?email=${K300}@example.com`, 'email'],
  ])('refuses an over-long query parameter (%s)', async (path, field) => {
    const r = await root.get(path);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, message: tooLong(field) });
  });

  it('still finds what plain search terms match', async () => {
    const r = await root.get<Array<{ name: string }>>('/api/token/search?keyword=bou');
    expect(r.body.data!.map((t) => t.name)).toEqual(['bounds']);
  });
});
