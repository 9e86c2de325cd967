import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, setupRoot } from '../support/console-client.js';
import { startFakeSmtp, type FakeSmtp } from '../support/fake-smtp.js';
import { startGateway, type TestGateway } from '../support/gateway.js';

describe('password reset', () => {
  let gw: TestGateway;
  let smtp: FakeSmtp;
  let root: ConsoleClient;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    gw = await startGateway();
    root = await setupRoot(gw);
    for (const [key, value] of Object.entries({ SMTPServer: '127.0.0.1', SMTPPort: String(smtp.port), SMTPFrom: 'noreply@ferryman.test', ServerAddress: 'https://console.example' })) {
      expect((await root.put('/api/option/', { key, value })).body.success).toBe(true);
    }
    const guest = new ConsoleClient(gw);
    expect((await guest.post('/api/user/register', { username: 'hana', password: 'hana-pass-1' })).body.success).toBe(true);
    await gw.sql`UPDATE users SET email = 'hana@example.com' WHERE username = 'hana'`;
  });
  afterAll(async () => {
    await gw?.stop();
    await smtp?.stop();
  });

  /** Requests a reset for the address and returns the link the mail carries. */
  async function resetLink(email: string, nth: number): Promise<URL> {
    const r = await new ConsoleClient(gw).get(`/api/reset_password?email=${encodeURIComponent(email)}`);
    expect(r.body).toEqual({ success: true, message: '' });
    const mail = await smtp.mailTo(email, nth);
    expect(mail.subject).toBe('New API密码重置');
    const href = /<a href='([^']+)'>/.exec(mail.body)?.[1];
    expect(href).toBeDefined();
    return new URL(href!);
  }

  it("answers new-api's messages for malformed and unknown addresses, and sends nothing", async () => {
    const guest = new ConsoleClient(gw);
    expect((await guest.get('/api/reset_password?email=nope')).body).toEqual({ success: false, message: '无效的参数' });
    expect((await guest.get('/api/reset_password?email=ghost@example.com')).body).toEqual({ success: false, message: '该邮箱地址未注册' });
    expect(smtp.mails).toHaveLength(0);
  });

  it('mails a link to <ServerAddress>/user/reset, and the token sets a new 12-hex password once', async () => {
    const hana = new ConsoleClient(gw);
    await hana.login('hana', 'hana-pass-1');
    const accessToken = (await hana.get<string>('/api/user/token')).body.data!;

    const link = await resetLink('hana@example.com', 1);
    expect(`${link.origin}${link.pathname}`).toBe('https://console.example/user/reset');
    expect(link.searchParams.get('email')).toBe('hana@example.com');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[0-9a-f]{32}$/);

    const guest = new ConsoleClient(gw);
    const r = await guest.post<string>('/api/user/reset', { email: 'hana@example.com', token });
    expect(r.body.success).toBe(true);
    const password = r.body.data!;
    expect(password).toMatch(/^[0-9a-f]{12}$/);
    await expect(new ConsoleClient(gw).login('hana', 'hana-pass-1')).rejects.toThrow(/用户名或密码错误/);
    await new ConsoleClient(gw).login('hana', password);

    // the reset link works once
    expect((await guest.post('/api/user/reset', { email: 'hana@example.com', token })).body).toEqual({ success: false, message: '重置链接非法或已过期' });
    // the system access token issued before the reset no longer works
    const withToken = await guest.call('GET', '/api/user/self', undefined, { Authorization: accessToken, 'New-Api-User': String(hana.userId) });
    expect(withToken.body).toEqual({ success: false, message: '无权进行此操作，access token 无效' });
    // and neither does the session signed in before the reset
    expect((await hana.get('/api/user/self')).body).toEqual({ success: false, message: '无权进行此操作，未登录且未提供 access token' });
  });

  it('refuses missing fields, a wrong token, a token for another address and an expired token', async () => {
    const guest = new ConsoleClient(gw);
    expect((await guest.post('/api/user/reset', { email: 'hana@example.com' })).body.message).toBe('无效的参数');
    const token = (await resetLink('hana@example.com', 2)).searchParams.get('token')!;
    const wrong = token.replace(/^./, (ch) => (ch === 'a' ? 'b' : 'a'));
    expect((await guest.post('/api/user/reset', { email: 'hana@example.com', token: wrong })).body.message).toBe('重置链接非法或已过期');
    expect((await guest.post('/api/user/reset', { email: 'other@example.com', token })).body.message).toBe('重置链接非法或已过期');
    // only a digest is stored; ageing the row past its 10 minutes makes the token useless
    const [row] = await gw.sql<{ code_hash: string }[]>`SELECT code_hash FROM verification_codes WHERE purpose = 'reset'`;
    expect(row!.code_hash).not.toContain(token);
    await gw.sql`UPDATE verification_codes SET expires_at = ${Math.floor(Date.now() / 1000) - 1} WHERE purpose = 'reset'`;
    expect((await guest.post('/api/user/reset', { email: 'hana@example.com', token })).body.message).toBe('重置链接非法或已过期');
  });

  it('gives two concurrent uses of one token exactly one new password', async () => {
    const token = (await resetLink('hana@example.com', 3)).searchParams.get('token')!;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => new ConsoleClient(gw).post<string>('/api/user/reset', { email: 'hana@example.com', token })),
    );
    const winners = results.filter((r) => r.body.success);
    expect(winners).toHaveLength(1);
    await new ConsoleClient(gw).login('hana', winners[0]!.body.data!);
  });
});
