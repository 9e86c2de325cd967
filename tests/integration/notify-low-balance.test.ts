import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, eventually } from '../support/console-client.js';
import { startFakeSmtp, type FakeSmtp } from '../support/fake-smtp.js';
import { addChannel, addToken, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

// gpt-4o-mini with the mock's usage (10 prompt + 20 completion tokens) costs 7 quota per request.
const CHARGE = 7;
const THRESHOLD = 100_000;

interface Hook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver; with `hang` it accepts requests and never answers them. */
async function startReceiver(hang = false): Promise<{ url: string; hooks: Hook[]; server: Server }> {
  const hooks: Hook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hooks.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (!hang) res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('receiver did not bind');
  return { url: `http://127.0.0.1:${address.port}/hook`, hooks, server };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One chat completion with the token; the charge it makes is what may trigger a notice. */
async function chatAs(f: RelayFixture, key: string): Promise<void> {
  const r = await fetch(`${f.gw.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], max_tokens: 20 }),
  });
  expect(r.status).toBe(200);
  await r.text();
}

describe('low-balance notification', () => {
  let f: RelayFixture;
  let smtp: FakeSmtp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let hanging: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    // The receivers listen on loopback, which user-supplied URLs may reach only when the operator allows it.
    [f, smtp, receiver, hanging] = await Promise.all([startRelayFixture({ USER_URL_ALLOW_PRIVATE: 'true' }), startFakeSmtp(), startReceiver(), startReceiver(true)]);
    await addChannel(f);
    for (const [key, value] of Object.entries({ SMTPServer: '127.0.0.1', SMTPPort: String(smtp.port), SMTPFrom: 'alerts@ferryman.test', ServerAddress: 'https://console.example' })) {
      expect((await f.root.put('/api/option/', { key, value })).body.success).toBe(true);
    }
  });
  afterAll(async () => {
    await f?.stop();
    await smtp?.stop();
    for (const r of [receiver, hanging]) {
      r?.server.closeAllConnections();
      r?.server.close();
    }
  });

  const chat = (key: string) => chatAs(f, key);
  /** Sets the balance through the admin edit and waits until earlier charges have settled. */
  const setQuota = async (id: number, quota: number) => {
    expect((await f.root.put('/api/user/', { id, quota })).body.success).toBe(true);
    await eventually(async () => (await f.gw.sql<{ quota: number }[]>`SELECT quota FROM users WHERE id = ${id}`)[0]!.quota, (q) => q === quota);
  };

  /** A common user with a token and the given notification setting. */
  async function userWith(name: string, setting: Record<string, unknown>): Promise<{ id: number; key: string }> {
    expect((await f.root.post('/api/user/', { username: name, password: `${name}-pass-1` })).body.success).toBe(true);
    const c = new ConsoleClient(f.gw);
    await c.login(name, `${name}-pass-1`);
    expect((await c.put('/api/user/setting', { quota_warning_threshold: THRESHOLD, ...setting })).body.success).toBe(true);
    const { key } = await addToken(c, { unlimited_quota: true });
    return { id: c.userId, key };
  }

  it('posts a signed webhook when a charge takes the balance below the threshold, once per crossing', async () => {
    const { id, key } = await userWith('wendy', { notify_type: 'webhook', webhook_url: receiver.url, webhook_secret: 'hook-secret' });
    await setQuota(id, THRESHOLD + 3);
    await chat(key);
    const [hook] = await eventually(async () => receiver.hooks, (h) => h.length >= 1);
    expect(hook!.headers['x-webhook-signature']).toBe(createHmac('sha256', 'hook-secret').update(hook!.body).digest('hex'));
    expect(hook!.headers['content-type']).toBe('application/json');
    const payload = JSON.parse(hook!.body) as Record<string, unknown>;
    const remaining = `＄${((THRESHOLD + 3 - CHARGE) / 500000).toFixed(6)}`;
    expect(payload).toMatchObject({
      type: 'quota_exceed',
      title: '您的额度即将用尽',
      values: ['您的额度即将用尽', remaining, 'https://console.example/topup', 'https://console.example/topup'],
    });
    expect(payload.content).toBe(
      `您的额度即将用尽，当前剩余额度为 ${remaining}，为了不影响您的使用，请及时充值。<br/>充值链接：<a href='https://console.example/topup'>https://console.example/topup</a>`,
    );
    expect(Math.abs((payload.timestamp as number) - Date.now() / 1000)).toBeLessThan(60);

    // already below the threshold: spending more does not notify again
    await chat(key);
    await pause(1000);
    expect(receiver.hooks).toHaveLength(1);
  });

  it('sends at most NOTIFY_LIMIT_COUNT (2) notices per user per hour', async () => {
    const [wendy] = await f.gw.sql<{ id: number }[]>`SELECT id FROM users WHERE username = 'wendy'`;
    const id = wendy!.id;
    const [token] = await f.gw.sql<{ key: string }[]>`SELECT key FROM tokens WHERE user_id = ${id}`;
    for (let i = 0; i < 3; i++) {
      await setQuota(id, THRESHOLD + 3);
      await chat(`sk-${token!.key}`);
      // Let the node hand back any leased quota (embedded database) before the balance is reset by hand.
      await pause(2000);
    }
    await pause(1000);
    expect(receiver.hooks).toHaveLength(2);
  });

  it('mails the notice to notification_email when the user chose email', async () => {
    const { id, key } = await userWith('ella', { notify_type: 'email', notification_email: 'ella@mail.test' });
    await setQuota(id, THRESHOLD + 1);
    await chat(key);
    const mail = await smtp.mailTo('ella@mail.test');
    expect(mail.subject).toBe('您的额度即将用尽');
    expect(mail.body).toContain(`当前剩余额度为 ＄${((THRESHOLD + 1 - CHARGE) / 500000).toFixed(6)}`);
    expect(mail.body).toContain("<a href='https://console.example/topup'>");
  });

  it('never makes the relay wait for the notice', async () => {
    const { id, key } = await userWith('otto', { notify_type: 'webhook', webhook_url: hanging.url });
    await setQuota(id, THRESHOLD + 1);
    const started = Date.now();
    await chat(key);
    const elapsed = Date.now() - started;
    await eventually(async () => hanging.hooks, (h) => h.length >= 1);
    expect(hanging.hooks).toHaveLength(1); // the webhook was called and is still unanswered...
    expect(elapsed).toBeLessThan(2000); // ...while the request had long returned
    await chat(key); // and the gateway keeps serving
  });
});

describe('webhook address policy without USER_URL_ALLOW_PRIVATE', () => {
  let f: RelayFixture;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    [f, receiver] = await Promise.all([startRelayFixture(), startReceiver()]);
    await addChannel(f);
  });
  afterAll(async () => {
    await f?.stop();
    receiver?.server.closeAllConnections();
    receiver?.server.close();
  });

  it('refuses a loopback webhook on save, naming the address class, and keeps the old setting', async () => {
    expect((await f.root.post('/api/user/', { username: 'lupe', password: 'lupe-pass-1' })).body.success).toBe(true);
    const c = new ConsoleClient(f.gw);
    await c.login('lupe', 'lupe-pass-1');
    const before = (await f.gw.sql<{ setting: string }[]>`SELECT setting FROM users WHERE id = ${c.userId}`)[0]!.setting;
    const port = new URL(receiver.url).port;
    for (const url of [receiver.url, `http://localhost:${port}/hook`, `http://2130706433:${port}/hook`, `http://[::1]:${port}/hook`]) {
      const r = await c.put('/api/user/setting', { notify_type: 'webhook', quota_warning_threshold: THRESHOLD, webhook_url: url });
      expect(r.status, url).toBe(200);
      expect(r.body.success, url).toBe(false);
      expect(r.body.message, url).toMatch(/^Webhook地址不允许指向内网或保留地址：(127\.0\.0\.1|::1)（本机回环）$/);
    }
    expect((await f.gw.sql<{ setting: string }[]>`SELECT setting FROM users WHERE id = ${c.userId}`)[0]!.setting).toBe(before);
    expect(receiver.hooks).toEqual([]);
  });

  it('does not contact a loopback webhook stored before the rule, at send time', async () => {
    expect((await f.root.post('/api/user/', { username: 'lars', password: 'lars-pass-1' })).body.success).toBe(true);
    const c = new ConsoleClient(f.gw);
    await c.login('lars', 'lars-pass-1');
    const setting = { notify_type: 'webhook', quota_warning_threshold: THRESHOLD, webhook_url: receiver.url };
    await f.gw.sql`UPDATE users SET setting = ${JSON.stringify(setting)} WHERE id = ${c.userId}`;
    const { key } = await addToken(c, { unlimited_quota: true });
    // the admin edit also makes every node reload the user, so the relay sees the stored setting
    expect((await f.root.put('/api/user/', { id: c.userId, quota: THRESHOLD + 3 })).body.success).toBe(true);
    await chatAs(f, key);
    // the notice was attempted and refused at connect time...
    const refused = /low-balance notification failed.*outbound address 127\.0\.0\.1 refused \(loopback\)/;
    expect(await eventually(async () => f.gw.output(), (out) => refused.test(out))).toMatch(refused);
    await pause(500);
    expect(receiver.hooks).toEqual([]); // ...so the listener never heard from the gateway
  });
});
