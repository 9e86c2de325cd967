import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, eventually, setupRoot } from '../support/console-client.js';
import { startFakeOAuth, TURNSTILE_GOOD, type FakeOAuth } from '../support/fake-oauth.js';
import { startFakeSmtp, type FakeSmtp } from '../support/fake-smtp.js';
import { startGateway, type TestGateway } from '../support/gateway.js';

async function setOptions(root: ConsoleClient, options: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(options)) {
    const r = await root.put('/api/option/', { key, value });
    expect(r.body, key).toMatchObject({ success: true });
  }
}

const codeIn = (body: string): string => /<strong>([0-9a-f]{6})<\/strong>/.exec(body)?.[1] ?? '';

describe('registration and email verification', () => {
  let gw: TestGateway;
  let smtp: FakeSmtp;
  let fake: FakeOAuth;
  let root: ConsoleClient;

  beforeAll(async () => {
    [smtp, fake] = await Promise.all([startFakeSmtp(), startFakeOAuth()]);
    gw = await startGateway({ GENERATE_DEFAULT_TOKEN: 'true', ...fake.env() });
    root = await setupRoot(gw);
  });
  afterAll(async () => {
    await gw?.stop();
    await smtp?.stop();
    await fake?.stop();
  });

  const user = async (username: string) =>
    (await gw.sql<Record<string, unknown>[]>`SELECT * FROM users WHERE username = ${username}`)[0];

  it('registers a user who can then log in, with the gift of QuotaForNewUser logged as type 4', async () => {
    await setOptions(root, { QuotaForNewUser: '250000' });
    const guest = new ConsoleClient(gw);
    const r = await guest.post('/api/user/register', { username: 'alice', password: 'alice-pass-1', password2: 'alice-pass-1', email: 'a@x.io' });
    expect(r.body).toEqual({ success: true, message: '' });
    expect(guest.cookie).toBe(''); // registration does not log in
    const row = await user('alice');
    expect(row).toMatchObject({ display_name: 'alice', role: 1, status: 1, quota: 250000, email: '', group: 'default', inviter_id: 0 });
    expect(row!.aff_code).toMatch(/^[0-9a-zA-Z]{4}$/);
    await guest.login('alice', 'alice-pass-1');
    expect((await guest.get('/api/user/self')).body.data).toMatchObject({ username: 'alice', quota: 250000 });
    const logs = await eventually(
      () => gw.sql<{ type: number; content: string; username: string }[]>`SELECT type, content, username FROM logs WHERE user_id = ${row!.id as number}`,
      (l) => l.length > 0,
    );
    expect(logs).toEqual([{ type: 4, content: '新用户注册赠送 ＄0.500000 额度', username: 'alice' }]);
  });

  it('creates the default token when GENERATE_DEFAULT_TOKEN is on', async () => {
    const row = await user('alice');
    const tokens = await gw.sql`SELECT name, unlimited_quota, remain_quota, expired_time FROM tokens WHERE user_id = ${row!.id as number}`;
    expect(tokens).toEqual([{ name: 'alice的初始令牌', unlimited_quota: true, remain_quota: 500000, expired_time: -1 }]);
  });

  it('validates like new-api and refuses taken or deregistered usernames', async () => {
    const guest = new ConsoleClient(gw);
    const short = await guest.post('/api/user/register', { username: 'bob', password: 'short' });
    expect(short.body.message).toBe("输入不合法 Key: 'User.Password' Error:Field validation for 'Password' failed on the 'min' tag");
    const long = await guest.post('/api/user/register', { username: 'abcdefghijklm', password: 'long-enough' });
    expect(long.body.message).toBe("输入不合法 Key: 'User.Username' Error:Field validation for 'Username' failed on the 'max' tag");
    expect((await guest.post('/api/user/register', { username: 'alice', password: 'another-pw' })).body).toEqual({ success: false, message: '用户名已存在，或已注销' });
    expect((await guest.post('/api/user/register', '{"username":')).body.message).toBe('无效的参数');

    await guest.post('/api/user/register', { username: 'gone', password: 'gone-pass-1' });
    const gone = await user('gone');
    expect((await root.post('/api/user/manage', { id: gone!.id, action: 'delete' })).body.success).toBe(true);
    expect((await guest.post('/api/user/register', { username: 'gone', password: 'gone-pass-2' })).body.message).toBe('用户名已存在，或已注销');
    const [count] = await gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE username IN ('bob', 'abcdefghijklm')`;
    expect(count!.n).toBe(0);
  });

  it('credits the inviter named by aff_code (aff earnings, not quota) and the invitee', async () => {
    await setOptions(root, { QuotaForInviter: '1000', QuotaForInvitee: '700', QuotaForNewUser: '0' });
    const inviter = await user('alice');
    const guest = new ConsoleClient(gw);
    const r = await guest.post('/api/user/register', { username: 'carol', password: 'carol-pass-1', aff_code: inviter!.aff_code });
    expect(r.body.success).toBe(true);
    const carol = await user('carol');
    expect(carol).toMatchObject({ quota: 700, inviter_id: inviter!.id });
    expect(await user('alice')).toMatchObject({ quota: inviter!.quota, aff_count: 1, aff_quota: 1000, aff_history: 1000 });
    const logs = await eventually(
      () => gw.sql<{ user_id: number; content: string }[]>`SELECT user_id, content FROM logs WHERE type = 4 AND content NOT LIKE '新用户%' ORDER BY id`,
      (l) => l.length >= 2,
    );
    expect(logs).toEqual(
      expect.arrayContaining([
        { user_id: carol!.id, content: '使用邀请码赠送 ＄0.001400 额度' },
        { user_id: inviter!.id, content: '邀请用户赠送 ＄0.002000 额度' },
      ]),
    );
    // an unknown code is ignored, as new-api
    expect((await guest.post('/api/user/register', { username: 'dave', password: 'dave-pass-1', aff_code: 'zzzz' })).body.success).toBe(true);
    expect(await user('dave')).toMatchObject({ inviter_id: 0, quota: 0 });
  });

  it('honours RegisterEnabled and PasswordRegisterEnabled', async () => {
    const guest = new ConsoleClient(gw);
    await setOptions(root, { PasswordRegisterEnabled: 'false' });
    expect((await guest.post('/api/user/register', { username: 'erin', password: 'erin-pass-1' })).body.message).toBe(
      '管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册',
    );
    await setOptions(root, { RegisterEnabled: 'false', PasswordRegisterEnabled: 'true' });
    expect((await guest.post('/api/user/register', { username: 'erin', password: 'erin-pass-1' })).body.message).toBe('管理员关闭了新用户注册');
    await setOptions(root, { RegisterEnabled: 'true' });
    expect(await user('erin')).toBeUndefined();
  });

  it('answers SMTP 服务器未配置 when no mail server is set', async () => {
    const r = await new ConsoleClient(gw).get('/api/verification?email=nobody@example.com');
    expect(r.body).toEqual({ success: false, message: 'SMTP 服务器未配置' });
  });

  it('mails a 6-hex code, requires it to register, and spends it on use', async () => {
    await setOptions(root, { SMTPServer: '127.0.0.1', SMTPPort: String(smtp.port), SMTPFrom: 'noreply@ferryman.test', SystemName: 'Ferry' });
    await setOptions(root, { EmailVerificationEnabled: 'true' });
    const guest = new ConsoleClient(gw);
    expect((await guest.get('/api/verification?email=frank@example.com')).body).toEqual({ success: true, message: '' });
    const mail = await smtp.mailTo('frank@example.com');
    expect(mail.subject).toBe('Ferry邮箱验证邮件');
    expect(mail.raw).toMatch(/^From: Ferry <noreply@ferryman\.test>/m);
    expect(mail.body).toContain('验证码 10 分钟内有效');
    const code = codeIn(mail.body);
    expect(code).toMatch(/^[0-9a-f]{6}$/);

    const reg = (body: Record<string, string>) => guest.post('/api/user/register', { username: 'frank', password: 'frank-pass-1', ...body });
    expect((await reg({ email: 'frank@example.com' })).body.message).toBe('管理员开启了邮箱验证，请输入邮箱地址和验证码');
    expect((await reg({ email: 'frank@example.com', verification_code: code === '000000' ? '111111' : '000000' })).body.message).toBe('验证码错误或已过期');
    expect((await reg({ email: 'other@example.com', verification_code: code })).body.message).toBe('验证码错误或已过期');
    expect((await reg({ email: 'frank@example.com', verification_code: code })).body).toEqual({ success: true, message: '' });
    expect(await user('frank')).toMatchObject({ email: 'frank@example.com' });
    // single use: the same code cannot register a second account
    const again = await guest.post('/api/user/register', { username: 'frank2', password: 'frank-pass-1', email: 'frank@example.com', verification_code: code });
    expect(again.body.message).toBe('验证码错误或已过期');
    // and only a digest of codes is stored
    const stored = await gw.sql<{ code_hash: string }[]>`SELECT code_hash FROM verification_codes`;
    for (const s of stored) expect(s.code_hash).not.toContain(code);
  });

  it('refuses addresses already used, off the whitelist or with aliases when those rules are on', async () => {
    const guest = new ConsoleClient(gw);
    expect((await guest.get('/api/verification?email=frank@example.com')).body.message).toBe('邮箱地址已被占用');
    expect((await guest.get('/api/verification?email=not-an-address')).body.message).toBe('无效的参数');
    await setOptions(root, { EmailDomainWhitelist: 'allowed.io', EmailDomainRestrictionEnabled: 'true' });
    expect((await guest.get('/api/verification?email=x@example.com')).body.message).toMatch(/^The administrator has enabled the email domain name whitelist/);
    await setOptions(root, { EmailDomainRestrictionEnabled: 'false', EmailAliasRestrictionEnabled: 'true' });
    expect((await guest.get('/api/verification?email=x%2Btag@allowed.io')).body.message).toBe('管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝。');
    await setOptions(root, { EmailAliasRestrictionEnabled: 'false' });
    expect(smtp.mails.filter((m) => m.to.some((t) => t.endsWith('example.com') && t !== 'frank@example.com'))).toHaveLength(0);
  });

  it('binds a verified email to the signed-in user only, and spends the code', async () => {
    const anonymous = await new ConsoleClient(gw).get('/api/oauth/email/bind?email=a@b.io&code=123456');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ success: false, message: '无权进行此操作，未登录且未提供 access token' });

    const carol = new ConsoleClient(gw);
    await carol.login('carol', 'carol-pass-1');
    await carol.get('/api/verification?email=carol@allowed.io');
    const code = codeIn((await smtp.mailTo('carol@allowed.io')).body);
    expect((await carol.get(`/api/oauth/email/bind?email=carol@allowed.io&code=ffffff${code === 'ffffff' ? '0' : ''}`)).body.message).toBe('验证码错误或已过期');
    expect((await carol.get(`/api/oauth/email/bind?email=carol@allowed.io&code=${code}`)).body).toEqual({ success: true, message: '' });
    expect(await user('carol')).toMatchObject({ email: 'carol@allowed.io' });
    const alice = new ConsoleClient(gw);
    await alice.login('alice', 'alice-pass-1');
    expect((await alice.get(`/api/oauth/email/bind?email=carol@allowed.io&code=${code}`)).body.message).toBe('验证码错误或已过期');
    expect(await user('alice')).toMatchObject({ email: '' });
  });

  it('checks Turnstile on register, verification and login once per session when enabled', async () => {
    await setOptions(root, { TurnstileSiteKey: 'site-key', TurnstileSecretKey: 'turnstile-secret', TurnstileCheckEnabled: 'true' });
    const guest = new ConsoleClient(gw);
    const body = { username: 'gina', password: 'gina-pass-1' };
    expect((await guest.post('/api/user/register', body)).body).toEqual({ success: false, message: 'Turnstile token 为空' });
    expect((await guest.post('/api/user/register?turnstile=forged', body)).body.message).toBe('Turnstile 校验失败，请刷新重试！');
    expect((await guest.get('/api/verification?email=g@allowed.io')).body.message).toBe('Turnstile token 为空');
    expect((await guest.post('/api/user/login', { username: 'alice', password: 'alice-pass-1' })).body.message).toBe('Turnstile token 为空');
    expect(await user('gina')).toBeUndefined();

    await setOptions(root, { EmailVerificationEnabled: 'false' });
    expect((await guest.post(`/api/user/register?turnstile=${TURNSTILE_GOOD}`, body)).body.success).toBe(true);
    // the pass is kept in the session: no token needed any more
    expect((await guest.post('/api/user/login', { username: 'gina', password: 'gina-pass-1' })).body.success).toBe(true);
    const verify = fake.requests.filter((r) => r.path === '/turnstile/siteverify');
    expect(verify).toHaveLength(2);
    expect(new URLSearchParams(verify[1]!.body).get('remoteip')).toBe('127.0.0.1');
    await setOptions(root, { TurnstileCheckEnabled: 'false' });
  });
});
