import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, setupRoot } from '../support/console-client.js';
import { CLIENT, startFakeOAuth, WECHAT_TOKEN, type FakeOAuth, type Identity, type Provider } from '../support/fake-oauth.js';
import { startGateway, type TestGateway } from '../support/gateway.js';

const BOT_TOKEN = '777:telegram-bot-token';

/** A Telegram Login Widget redirect query, signed as Telegram signs it. */
function telegramQuery(fields: Record<string, string>, token = BOT_TOKEN): string {
  const data = { auth_date: String(Math.floor(Date.now() / 1000)), ...fields };
  const check = Object.keys(data).sort().map((k) => `${k}=${data[k as keyof typeof data]}`).join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(check).digest('hex');
  return new URLSearchParams({ ...data, hash }).toString();
}

describe('third-party sign-in and binding', () => {
  let gw: TestGateway;
  let fake: FakeOAuth;
  let root: ConsoleClient;

  beforeAll(async () => {
    fake = await startFakeOAuth();
    gw = await startGateway(fake.env());
    root = await setupRoot(gw);
    const options: Record<string, string> = {
      ServerAddress: 'http://console.test',
      QuotaForInviter: '1000',
      GitHubClientId: CLIENT.id,
      GitHubClientSecret: CLIENT.secret,
      GitHubOAuthEnabled: 'true',
      LinuxDOClientId: CLIENT.id,
      LinuxDOClientSecret: CLIENT.secret,
      LinuxDOOAuthEnabled: 'true',
      'oidc.client_id': CLIENT.id,
      'oidc.client_secret': CLIENT.secret,
      'oidc.well_known': `${fake.url}/oidc/.well-known/openid-configuration`,
      'oidc.enabled': 'true',
      WeChatServerAddress: `${fake.url}/wechat`,
      WeChatServerToken: WECHAT_TOKEN,
      WeChatAuthEnabled: 'true',
      TelegramBotToken: BOT_TOKEN,
      TelegramOAuthEnabled: 'true',
    };
    for (const [key, value] of Object.entries(options)) expect((await root.put('/api/option/', { key, value })).body.success, key).toBe(true);
  });
  afterAll(async () => {
    await gw?.stop();
    await fake?.stop();
  });

  const userCount = async () => (await gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM users`)[0]!.n;
  const userBy = async (column: string, value: string) =>
    (await gw.sql<Record<string, unknown>[]>`SELECT * FROM users WHERE ${gw.sql(column)} = ${value}`)[0];

  /** The browser round trip: state from the gateway, consent at the provider, callback with code and state. */
  async function signIn(client: ConsoleClient, provider: Provider, identity: Identity, aff?: string) {
    const state = (await client.get<string>(`/api/oauth/state${aff ? `?aff=${aff}` : ''}`)).body.data!;
    const granted = await fake.authorize(provider, identity, state);
    const r = await client.get<{ id: number; username: string }>(`/api/oauth/${provider}?code=${granted.code}&state=${granted.state}`);
    if (r.body.success && r.body.data) client.userId = r.body.data.id;
    return r;
  }

  it('issues a 12-character state and refuses callbacks with a missing, wrong, foreign or used state', async () => {
    const browser = new ConsoleClient(gw);
    const state = (await browser.get<string>('/api/oauth/state')).body.data!;
    expect(state).toMatch(/^[0-9a-zA-Z]{12}$/);
    const before = await userCount();
    const octo = { login: 'octo', name: 'Octo Cat', email: 'octo@github.test' };

    const missing = await browser.get(`/api/oauth/github?code=${(await fake.authorize('github', octo, '')).code}`);
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ success: false, message: 'state is empty or not same' });

    const other = new ConsoleClient(gw);
    const foreign = (await other.get<string>('/api/oauth/state')).body.data!;
    const stolen = await browser.get(`/api/oauth/github?code=${(await fake.authorize('github', octo, foreign)).code}&state=${foreign}`);
    expect(stolen.status).toBe(403);

    const used = await signIn(browser, 'github', octo);
    expect(used.body.success).toBe(true);
    const replay = await other.get(`/api/oauth/github?code=${(await fake.authorize('github', octo, foreign)).code}&state=${foreign}`);
    expect(replay.body.success).toBe(true); // the other browser's own state works once...
    const again = await other.get(`/api/oauth/github?code=${(await fake.authorize('github', octo, foreign)).code}&state=${foreign}`);
    expect(again.status).toBe(403); // ...and never twice
    expect(await userCount()).toBe(before + 1);
  });

  it('registers a GitHub user as github_<n> with name and email, logs them in, and finds them next time', async () => {
    const row = await userBy('github_id', 'octo');
    expect(row).toMatchObject({ display_name: 'Octo Cat', email: 'octo@github.test', role: 1, status: 1, password: '' });
    const [top] = await gw.sql<{ max: number }[]>`SELECT max(id)::int AS max FROM users`;
    expect(row!.username).toBe(`github_${top!.max}`);

    const browser = new ConsoleClient(gw);
    const r = await signIn(browser, 'github', { login: 'octo', name: 'Renamed' });
    expect(r.body.data).toMatchObject({ id: row!.id, username: row!.username, display_name: 'Octo Cat', role: 1, status: 1, quota: 0 });
    expect((await browser.get('/api/user/self')).body.data).toMatchObject({ id: row!.id, github_id: 'octo' });
    const tokenCall = fake.requests.find((q) => q.path === '/github/login/oauth/access_token')!;
    expect(JSON.parse(tokenCall.body)).toMatchObject({ client_id: CLIENT.id, client_secret: CLIENT.secret });
  });

  it('credits the inviter from the aff of /api/oauth/state (GitHub and Linux DO, not OIDC)', async () => {
    const inviter = new ConsoleClient(gw);
    await inviter.login('root', 'rootpass123');
    const aff = (await inviter.get<string>('/api/user/aff')).body.data!;
    const [rootRow] = await gw.sql<{ id: number }[]>`SELECT id FROM users WHERE username = 'root'`;

    expect((await signIn(new ConsoleClient(gw), 'github', { login: 'invited-gh', name: 'G' }, aff)).body.success).toBe(true);
    expect(await userBy('github_id', 'invited-gh')).toMatchObject({ inviter_id: rootRow!.id });
    expect((await signIn(new ConsoleClient(gw), 'linuxdo', { id: 4242, username: 'ld', name: 'Linux Fan', trust_level: 2 }, aff)).body.success).toBe(true);
    expect(await userBy('linux_do_id', '4242')).toMatchObject({ inviter_id: rootRow!.id, display_name: 'Linux Fan' });
    expect((await signIn(new ConsoleClient(gw), 'oidc', { sub: 'sub-aff', email: 'aff@idp.test' }, aff)).body.success).toBe(true);
    expect(await userBy('oidc_id', 'sub-aff')).toMatchObject({ inviter_id: 0 });
    expect(await userBy('username', 'root')).toMatchObject({ aff_count: 2, aff_quota: 2000, aff_history: 2000 });
  });

  it('binds the identity to the signed-in user instead of logging in, once per identity', async () => {
    const guest = new ConsoleClient(gw);
    expect((await guest.post('/api/user/register', { username: 'ivy', password: 'ivy-pass-1' })).body.success).toBe(true);
    await guest.login('ivy', 'ivy-pass-1');
    const bound = await signIn(guest, 'github', { login: 'ivy-gh' });
    expect(bound.body).toEqual({ success: true, message: 'bind' });
    expect(await userBy('username', 'ivy')).toMatchObject({ github_id: 'ivy-gh' });

    const taken = await signIn(guest, 'github', { login: 'octo' });
    expect(taken.body).toEqual({ success: false, message: '该 GitHub 账户已被绑定' });
    const oidc = await signIn(guest, 'oidc', { sub: 'ivy-sub', email: 'ivy@idp.test' });
    expect(oidc.body).toEqual({ success: true, message: 'bind' });
    expect((await signIn(guest, 'oidc', { sub: 'ivy-sub', email: 'ivy@idp.test' })).body.message).toBe('该 OIDC 账户已被绑定');
    const ld = await signIn(guest, 'linuxdo', { id: 4242, name: 'x' });
    expect(ld.body.message).toBe('该 Linux DO 账户已被绑定');
    expect(await userBy('username', 'ivy')).toMatchObject({ github_id: 'ivy-gh', oidc_id: 'ivy-sub', linux_do_id: '' });
  });

  it('signs in with OIDC through discovery, using preferred_username and the ServerAddress redirect', async () => {
    const browser = new ConsoleClient(gw);
    const r = await signIn(browser, 'oidc', { sub: 'sub-1', email: 'jo@idp.test', name: 'Jo', preferred_username: 'jo' });
    expect(r.body.data).toMatchObject({ username: 'jo', display_name: 'Jo' });
    expect(await userBy('oidc_id', 'sub-1')).toMatchObject({ email: 'jo@idp.test' });
    const tokenCall = fake.requests.filter((q) => q.path === '/oidc/token').at(-1)!;
    expect(Object.fromEntries(new URLSearchParams(tokenCall.body))).toMatchObject({
      grant_type: 'authorization_code',
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      redirect_uri: 'http://console.test/oauth/oidc',
    });
    const noEmail = await signIn(new ConsoleClient(gw), 'oidc', { sub: 'sub-2' });
    expect(noEmail.body).toEqual({ success: false, message: 'OIDC 获取用户信息为空！请检查设置！' });
    expect(await userBy('oidc_id', 'sub-2')).toBeUndefined();
  });

  it('signs in with Linux DO (Basic client auth, host redirect) and shows its error_description', async () => {
    const browser = new ConsoleClient(gw);
    const r = await signIn(browser, 'linuxdo', { id: 99, name: 'Tux' });
    expect(r.body.data!.username).toMatch(/^linuxdo_\d+$/);
    const tokenCall = fake.requests.filter((q) => q.path === '/linuxdo/oauth2/token').at(-1)!;
    expect(new URLSearchParams(tokenCall.body).get('redirect_uri')).toBe(`http://127.0.0.1:${gw.port}/api/oauth/linuxdo`);
    const declined = await browser.get('/api/oauth/linuxdo?error=access_denied&error_description=The%20user%20declined');
    expect(declined.body).toEqual({ success: false, message: 'The user declined' });
  });

  it("refuses a deregistered user's identity, a banned user, closed registration and a disabled provider", async () => {
    const gone = await userBy('github_id', 'invited-gh');
    expect((await root.post('/api/user/manage', { id: gone!.id, action: 'delete' })).body.success).toBe(true);
    expect((await signIn(new ConsoleClient(gw), 'github', { login: 'invited-gh' })).body).toEqual({ success: false, message: '用户已注销' });

    const octo = await userBy('github_id', 'octo');
    expect((await root.post('/api/user/manage', { id: octo!.id, action: 'disable' })).body.success).toBe(true);
    expect((await signIn(new ConsoleClient(gw), 'github', { login: 'octo' })).body.message).toBe('用户已被封禁');
    await root.post('/api/user/manage', { id: octo!.id, action: 'enable' });

    await root.put('/api/option/', { key: 'RegisterEnabled', value: 'false' });
    const before = await userCount();
    expect((await signIn(new ConsoleClient(gw), 'github', { login: 'newcomer' })).body.message).toBe('管理员关闭了新用户注册');
    expect(await userCount()).toBe(before);
    await root.put('/api/option/', { key: 'RegisterEnabled', value: 'true' });

    await root.put('/api/option/', { key: 'GitHubOAuthEnabled', value: 'false' });
    expect((await signIn(new ConsoleClient(gw), 'github', { login: 'octo' })).body.message).toBe('管理员未开启通过 GitHub 登录以及注册');
    await root.put('/api/option/', { key: 'GitHubOAuthEnabled', value: 'true' });
  });

  it('logs in and registers with a WeChat code, and binds one WeChat account per user', async () => {
    const browser = new ConsoleClient(gw);
    const r = await browser.get<{ id: number; username: string; display_name: string }>(`/api/oauth/wechat?code=${fake.wechatCode('wx-1')}`);
    expect(r.body.data).toMatchObject({ display_name: 'WeChat User' });
    expect(r.body.data!.username).toMatch(/^wechat_\d+$/);
    expect(fake.requests.filter((q) => q.path === '/wechat/api/wechat/user').at(-1)!.headers.authorization).toBe(WECHAT_TOKEN);
    expect((await browser.get('/api/oauth/wechat?code=unknown')).body).toEqual({ success: false, message: '验证码错误或已过期' });

    const ivy = new ConsoleClient(gw);
    await ivy.login('ivy', 'ivy-pass-1');
    expect((await ivy.get(`/api/oauth/wechat/bind?code=${fake.wechatCode('wx-1')}`)).body).toEqual({ success: false, message: '该微信账号已被绑定' });
    expect((await ivy.get(`/api/oauth/wechat/bind?code=${fake.wechatCode('wx-ivy')}`)).body).toEqual({ success: true, message: '' });
    expect(await userBy('username', 'ivy')).toMatchObject({ wechat_id: 'wx-ivy' });
  });

  it('binds Telegram with a redirect to /setting, then logs in with it; forged or stale widgets are refused', async () => {
    const ivy = new ConsoleClient(gw);
    await ivy.login('ivy', 'ivy-pass-1');
    const guest = new ConsoleClient(gw);
    expect((await guest.get(`/api/oauth/telegram/login?${telegramQuery({ id: '5005', first_name: 'Ivy' })}`)).body).toEqual({
      success: false,
      message: '该 Telegram 账户未绑定',
    });
    const forged = telegramQuery({ id: '5005', first_name: 'Ivy' }, 'wrong:token');
    expect((await ivy.get(`/api/oauth/telegram/bind?${forged}`)).body).toEqual({ success: false, message: '无效的请求' });
    const stale = telegramQuery({ id: '5005', auth_date: String(Math.floor(Date.now() / 1000) - 2 * 86400) });
    expect((await ivy.get(`/api/oauth/telegram/bind?${stale}`)).body.message).toBe('无效的请求');

    // the Login Widget sends the browser here: fetched without following the redirect
    const bind = await fetch(`${gw.url}/api/oauth/telegram/bind?${telegramQuery({ id: '5005', first_name: 'Ivy' })}`, {
      headers: { cookie: ivy.cookie },
      redirect: 'manual',
    });
    expect(bind.status).toBe(302);
    expect(bind.headers.get('location')).toBe('/setting');
    expect(await userBy('username', 'ivy')).toMatchObject({ telegram_id: '5005' });

    const login = await guest.get<{ username: string }>(`/api/oauth/telegram/login?${telegramQuery({ id: '5005', first_name: 'Ivy' })}`);
    expect(login.body.data).toMatchObject({ username: 'ivy' });
  });

  it('answers bind routes without a session with a normal 401, never a crash', async () => {
    const guest = new ConsoleClient(gw);
    for (const path of [
      `/api/oauth/wechat/bind?code=${fake.wechatCode('wx-anon')}`,
      `/api/oauth/telegram/bind?${telegramQuery({ id: '6006' })}`,
      '/api/oauth/email/bind?email=a@b.io&code=abcdef',
    ]) {
      const r = await guest.get(path);
      expect(r.status, path).toBe(401);
      expect(r.body, path).toEqual({ success: false, message: '无权进行此操作，未登录且未提供 access token' });
    }
    expect(await userBy('wechat_id', 'wx-anon')).toBeUndefined();
    expect(await userBy('telegram_id', '6006')).toBeUndefined();
  });

  describe('OIDC discovery and state hardening', () => {
    const WELL_KNOWN = '/oidc/.well-known/openid-configuration';
    const setOption = async (key: string, value: string) => expect((await root.put('/api/option/', { key, value })).body.success, key).toBe(true);
    const countOf = (server: FakeOAuth, path: string) => server.requests.filter((q) => q.path === path).length;

    it('refuses a replayed copy of the session cookie: the state is spent on the server', async () => {
      const browser = new ConsoleClient(gw);
      const state = (await browser.get<string>('/api/oauth/state')).body.data!;
      const copied = browser.cookie;
      const first = await browser.get(`/api/oauth/github?code=${(await fake.authorize('github', { login: 'replay-gh' }, state)).code}&state=${state}`);
      expect(first.body.success).toBe(true);

      const attacker = new ConsoleClient(gw);
      attacker.cookie = copied; // the cookie as it was before the callback spent the state
      const { code } = await fake.authorize('github', { login: 'replay-gh-2' }, state);
      const before = fake.requests.length;
      const replay = await attacker.get(`/api/oauth/github?code=${code}&state=${state}`);
      expect(replay.status).toBe(403);
      expect(replay.body).toEqual({ success: false, message: 'state is empty or not same' });
      expect(fake.requests.slice(before)).toEqual([]); // refused before any call to the provider
      expect(await userBy('github_id', 'replay-gh-2')).toBeUndefined();
    });

    it('makes no outbound call for a callback without a valid state', async () => {
      const before = fake.requests.length;
      const browser = new ConsoleClient(gw);
      await browser.get<string>('/api/oauth/state');
      for (const query of ['code=abc', 'code=abc&state=', 'code=abc&state=not-the-state']) {
        expect((await browser.get(`/api/oauth/oidc?${query}`)).status, query).toBe(403);
        expect((await new ConsoleClient(gw).get(`/api/oauth/oidc?${query}`)).status, query).toBe(403);
      }
      expect(fake.requests.slice(before)).toEqual([]);
    });

    it('fetches the discovery document once for many callbacks, and again when oidc.well_known changes', async () => {
      await setOption('oidc.well_known', `${fake.url}${WELL_KNOWN}?v=cache`);
      const before = countOf(fake, WELL_KNOWN);
      for (let i = 0; i < 3; i++) {
        expect((await signIn(new ConsoleClient(gw), 'oidc', { sub: `cached-${i}`, email: `c${i}@idp.test` })).body.success).toBe(true);
      }
      expect(countOf(fake, WELL_KNOWN)).toBe(before + 1);

      await setOption('oidc.well_known', `${fake.url}${WELL_KNOWN}?v=changed`);
      expect((await signIn(new ConsoleClient(gw), 'oidc', { sub: 'cached-x', email: 'cx@idp.test' })).body.success).toBe(true);
      expect(countOf(fake, WELL_KNOWN)).toBe(before + 2);
    });

    it('refuses discovered endpoints on another origin than the well-known unless the admin configured them', async () => {
      const foreign = await startFakeOAuth(); // same address, another port: another origin
      try {
        fake.discovery.token_endpoint = `${foreign.url}/oidc/token`;
        await setOption('oidc.well_known', `${fake.url}${WELL_KNOWN}?v=foreign-token`);
        const tokenCalls = countOf(fake, '/oidc/token');
        const r = await signIn(new ConsoleClient(gw), 'oidc', { sub: 'foreign-1', email: 'f1@idp.test' });
        expect(r.body).toEqual({ success: false, message: 'OIDC 发现文档中的 token_endpoint 与 Well-Known 地址不在同一主机，请在设置中填写该端点！' });
        expect(foreign.requests).toEqual([]); // the client secret went nowhere
        expect(countOf(fake, '/oidc/token')).toBe(tokenCalls);
        delete fake.discovery.token_endpoint;

        fake.discovery.userinfo_endpoint = `${foreign.url}/oidc/userinfo`;
        await setOption('oidc.well_known', `${fake.url}${WELL_KNOWN}?v=foreign-userinfo`);
        const u = await signIn(new ConsoleClient(gw), 'oidc', { sub: 'foreign-2', email: 'f2@idp.test' });
        expect(u.body).toEqual({ success: false, message: 'OIDC 发现文档中的 userinfo_endpoint 与 Well-Known 地址不在同一主机，请在设置中填写该端点！' });
        expect(foreign.requests).toEqual([]);
        expect(await userBy('oidc_id', 'foreign-2')).toBeUndefined();

        // An endpoint the admin set explicitly is trusted wherever it is.
        await setOption('oidc.user_info_endpoint', `${foreign.url}/oidc/userinfo`);
        const configured = await signIn(new ConsoleClient(gw), 'oidc', { sub: 'foreign-3', email: 'f3@idp.test' });
        expect(configured.body.message).toBe('OIDC 获取用户信息失败！请检查设置！'); // the foreign server does not know the token
        expect(foreign.requests.map((q) => q.path)).toEqual(['/oidc/userinfo']);
      } finally {
        delete fake.discovery.userinfo_endpoint;
        await setOption('oidc.user_info_endpoint', '');
        await setOption('oidc.well_known', `${fake.url}${WELL_KNOWN}`);
        await foreign.stop();
      }
    });
  });
});
