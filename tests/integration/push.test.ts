import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signEpayParams } from '../../core/payment/epay-sign.js';
import { ConsoleClient, eventually, setupRoot } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { browserPushKeys, startPushReceiver, type PushReceiver } from '../support/push-receiver.js';
import { SEEDED_PASSWORD, seedUser } from '../support/seed-rows.js';
import { testDbKind } from '../support/test-database.js';

// Web Push alerts for administrators (issue 11 item 8): VAPID keys made once and kept, subscriptions per
// admin, role checks, and encrypted deliveries to a stand-in push service on 127.0.0.1.

const BOOT_TIMEOUT = 300_000;
const NOT_LOGGED_IN = { success: false, message: '无权进行此操作，未登录且未提供 access token' };
const NO_RIGHT = { success: false, message: '无权进行此操作，权限不足' };
// Push endpoints on 127.0.0.1 are private addresses: the outbound policy refuses them unless allowed.
const ENV = { USER_URL_ALLOW_PRIVATE: 'true' };

interface PushStatus {
  public_key: string;
  devices: number;
  channel_balance_threshold: number;
}

const subscription = (receiver: PushReceiver, path: string, keys = browserPushKeys()) => ({
  keys,
  body: { endpoint: `${receiver.url}${path}`, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } },
});

describe('web push for administrators', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ferryman-push-'));
  let gw: TestGateway;
  let receiver: PushReceiver;
  let root: ConsoleClient;
  let admin: ConsoleClient;
  let user: ConsoleClient;
  let publicKey: string;

  const devicesOf = async (userId: number) =>
    (await gw.sql<{ endpoint: string }[]>`SELECT endpoint FROM push_subscriptions WHERE user_id = ${userId} ORDER BY id`).map((r) => r.endpoint);
  const pushesTo = (path: string) => receiver.received.filter((r) => r.path === path);

  beforeAll(async () => {
    receiver = await startPushReceiver();
    gw = await startGateway(ENV, { dataDir });
    root = await setupRoot(gw);
    admin = await seedUser(gw, { username: 'ops', role: 10 });
    user = await seedUser(gw, { username: 'plain' });
  }, BOOT_TIMEOUT);
  afterAll(async () => {
    await gw?.stop();
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives administrators a P-256 VAPID public key; the private key is in no option', async () => {
    const r = await admin.get<string>('/api/push/vapid_public_key');
    expect(r.body.success).toBe(true);
    publicKey = r.body.data!;
    const raw = Buffer.from(publicKey, 'base64url');
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
    const [stored] = await gw.sql<{ private_key: string }[]>`SELECT private_key FROM push_vapid_keys`;
    const options = JSON.stringify((await root.get('/api/option/')).body);
    expect(options).not.toContain(stored!.private_key);
    expect(JSON.stringify((await admin.get('/api/push/')).body)).not.toContain(stored!.private_key);
  });

  it('refuses anonymous callers and ordinary users', async () => {
    const anonymous = await fetch(`${gw.url}/api/push/vapid_public_key`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual(NOT_LOGGED_IN);
    const sub = subscription(receiver, '/plain');
    expect((await user.get('/api/push/vapid_public_key')).body).toEqual(NO_RIGHT);
    expect((await user.get('/api/push/')).body).toEqual(NO_RIGHT);
    expect((await user.post('/api/push/subscribe', sub.body)).body).toEqual(NO_RIGHT);
    expect((await user.post('/api/push/test')).body).toEqual(NO_RIGHT);
    expect((await user.put('/api/push/preferences', { channel_balance_threshold: 5 })).body).toEqual(NO_RIGHT);
    expect(await devicesOf(user.userId)).toEqual([]);
  });

  it.each([
    ['no keys', { endpoint: 'https://push.example.com/a' }],
    ['a short p256dh', { endpoint: 'https://push.example.com/a', keys: { p256dh: 'BAAA', auth: browserPushKeys().auth } }],
    ['a non-URL endpoint', { endpoint: 'not a url', keys: { p256dh: browserPushKeys().p256dh, auth: browserPushKeys().auth } }],
    ['a ftp endpoint', { endpoint: 'ftp://push.example.com/a', keys: { p256dh: browserPushKeys().p256dh, auth: browserPushKeys().auth } }],
    ['an unknown language', { endpoint: 'https://push.example.com/a', keys: { p256dh: browserPushKeys().p256dh, auth: browserPushKeys().auth }, lang: 'fr' }],
  ])('refuses a subscription with %s and stores nothing', async (_name, body) => {
    expect((await admin.post('/api/push/subscribe', body)).body).toEqual({ success: false, message: '无效的参数' });
    expect(await devicesOf(admin.userId)).toEqual([]);
  });

  it('says so when the test has no subscribed device', async () => {
    expect((await admin.post('/api/push/test')).body).toEqual({ success: false, message: '当前账号还没有订阅推送通知的设备' });
  });

  it('subscribes a browser and delivers an encrypted, VAPID-signed test message to it', async () => {
    const sub = subscription(receiver, '/ops-phone');
    expect((await admin.post('/api/push/subscribe', { ...sub.body, lang: 'en' })).body).toEqual({ success: true, message: '' });
    expect(await devicesOf(admin.userId)).toEqual([`${receiver.url}/ops-phone`]);
    expect((await admin.get<PushStatus>('/api/push/')).body.data).toEqual({ public_key: publicKey, devices: 1, channel_balance_threshold: 0 });

    expect((await admin.post('/api/push/test')).body).toEqual({ success: true, message: '', data: { sent: 1, failed: 0 } });
    const [push] = pushesTo('/ops-phone');
    expect(push!.method).toBe('POST');
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe('86400');
    expect(push!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    const jwt = JSON.parse(Buffer.from(push!.headers.authorization!.split(/[ ,=.]+/)[3]!, 'base64url').toString()) as { aud: string; sub: string };
    expect(jwt.aud).toBe(receiver.url);
    expect(jwt.sub).toBe('mailto:webpush@ferryman.invalid');
    // the ciphertext is not the message, and the browser's key opens it
    expect(push!.body.toString('utf8')).not.toContain('Test notification');
    expect(JSON.parse(sub.keys.decrypt(push!.body))).toEqual({
      title: 'Test notification',
      body: 'Push alerts are on: channel alerts and top-ups will reach this device.',
      tag: 'test',
      url: '/personal?tab=notify',
    });
  });

  it('moves an endpoint to the account that subscribed it last', async () => {
    const sub = subscription(receiver, '/shared-laptop');
    await admin.post('/api/push/subscribe', sub.body);
    await root.post('/api/push/subscribe', sub.body);
    expect(await devicesOf(admin.userId)).toEqual([`${receiver.url}/ops-phone`]);
    expect(await devicesOf(root.userId)).toEqual([`${receiver.url}/shared-laptop`]);
  });

  it('drops a subscription the push service calls gone', async () => {
    const sub = subscription(receiver, '/root-old');
    await root.post('/api/push/subscribe', sub.body);
    receiver.answer('/root-old', 410);
    expect((await root.post('/api/push/test')).body).toEqual({ success: true, message: '', data: { sent: 1, failed: 1 } });
    expect(await devicesOf(root.userId)).toEqual([`${receiver.url}/shared-laptop`]);
  });

  it('saves the balance threshold and refuses a negative one', async () => {
    expect((await admin.put('/api/push/preferences', { channel_balance_threshold: -1 })).body).toEqual({ success: false, message: '无效的参数' });
    expect((await admin.put('/api/push/preferences', { channel_balance_threshold: 12.5 })).body).toEqual({ success: true, message: '' });
    expect((await admin.get<PushStatus>('/api/push/')).body.data!.channel_balance_threshold).toBe(12.5);
  });

  it('alerts every current administrator when an online top-up is credited, not a demoted one', async () => {
    const demoted = await seedUser(gw, { username: 'former', role: 10 });
    await demoted.post('/api/push/subscribe', subscription(receiver, '/former').body);
    await gw.sql`UPDATE users SET role = 1 WHERE id = ${demoted.userId}`;
    for (const [key, value] of [['PayAddress', 'https://pay.example.com/'], ['EpayId', '1001'], ['EpayKey', 'k'], ['ServerAddress', 'https://gw.example.com']]) {
      expect((await root.put('/api/option/', { key, value })).body.success).toBe(true);
    }
    const payer = await seedUser(gw, { username: 'payer' });
    const tradeNo = ((await payer.post('/api/user/pay', { amount: 10, top_up_code: '', payment_method: 'zfb' })).body as unknown as { data: { out_trade_no: string } }).data.out_trade_no;
    const notice = signEpayParams({ pid: '1001', trade_no: `EP${tradeNo}`, out_trade_no: tradeNo, type: 'alipay', name: 'TUC10', money: '73.00', trade_status: 'TRADE_SUCCESS' }, 'k');
    expect(await (await fetch(`${gw.url}/api/user/epay/notify?${new URLSearchParams(notice)}`)).text()).toBe('success');

    const pushes = await eventually(async () => pushesTo('/ops-phone'), (p) => p.length === 2, 30_000);
    expect(pushes).toHaveLength(2);
    const jwt = JSON.parse(Buffer.from(pushes[1]!.headers.authorization!.split(/[ ,=.]+/)[3]!, 'base64url').toString()) as { sub: string };
    expect(jwt.sub).toBe('https://gw.example.com');
    await eventually(async () => pushesTo('/shared-laptop'), (p) => p.length === 2, 30_000);
    expect(pushesTo('/shared-laptop')).toHaveLength(2);
    expect(pushesTo('/former')).toEqual([]);
  });

  it('unsubscribes only the caller’s own browser, also for a user who is no longer an admin', async () => {
    expect((await user.del('/api/push/subscribe')).body).toEqual({ success: false, message: '无效的参数' });
    const other = await fetch(`${gw.url}/api/push/subscribe`, { method: 'DELETE', body: JSON.stringify({ endpoint: `${receiver.url}/ops-phone` }) });
    expect(await other.json()).toEqual(NOT_LOGGED_IN);
    await root.call('DELETE', '/api/push/subscribe', { endpoint: `${receiver.url}/ops-phone` });
    expect(await devicesOf(admin.userId)).toEqual([`${receiver.url}/ops-phone`]);
    expect((await admin.call('DELETE', '/api/push/subscribe', { endpoint: `${receiver.url}/ops-phone` })).body).toEqual({ success: true, message: '' });
    expect(await devicesOf(admin.userId)).toEqual([]);
    expect((await admin.get<PushStatus>('/api/push/')).body.data!.devices).toBe(0);
  });

  it('keeps the same VAPID key after a restart, so subscribed browsers keep working', async () => {
    const [before] = await gw.sql<{ private_key: string }[]>`SELECT private_key FROM push_vapid_keys`;
    let second: TestGateway;
    if (testDbKind() === 'postgres') {
      // PostgreSQL: a second node booting on the same database finds the stored pair.
      second = await startGateway(ENV, { databaseUrl: gw.databaseUrl! });
    } else {
      await gw.stop();
      second = await startGateway(ENV, { dataDir });
      gw = second;
    }
    const again = new ConsoleClient(second);
    await again.login('ops', SEEDED_PASSWORD);
    expect((await again.get<string>('/api/push/vapid_public_key')).body.data).toBe(publicKey);
    const [after] = await second.sql<{ private_key: string }[]>`SELECT private_key FROM push_vapid_keys`;
    expect(after).toEqual(before);
    expect(await second.sql`SELECT 1 FROM push_vapid_keys`).toHaveLength(1);
    if (second !== gw) await second.stop();
  }, BOOT_TIMEOUT);
});
