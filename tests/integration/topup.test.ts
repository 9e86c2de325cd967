import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signEpayParams } from '../../core/payment/epay-sign.js';
import { setupRoot, type ConsoleClient } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { seedUser } from '../support/seed-rows.js';

const EPAY_KEY = 'merchant-secret-key';
const PID = '1001';

interface PayAnswer {
  message: string;
  data: Record<string, string>;
  url: string;
}

describe('online top-up (EPay)', () => {
  let gw: TestGateway;
  let root: ConsoleClient;
  let user: ConsoleClient;

  const setOption = async (key: string, value: string) => expect((await root.put('/api/option/', { key, value })).body.success).toBe(true);
  const quotaOf = async (id: number) => Number((await gw.sql<{ quota: number }[]>`SELECT quota FROM users WHERE id = ${id}`)[0]!.quota);
  const order = async (tradeNo: string) =>
    (await gw.sql<{ user_id: number; amount: number; money: number; status: string }[]>`SELECT user_id, amount, money, status FROM top_ups WHERE trade_no = ${tradeNo}`)[0];
  const onlineLogs = async (userId: number) =>
    gw.sql<{ content: string }[]>`SELECT content FROM logs WHERE user_id = ${userId} AND type = 1 AND content LIKE '使用在线充值成功%' ORDER BY id`;

  /** Delivers a notify as the gateway would: a GET with the signed parameters; returns the plain body. */
  const notify = async (params: Record<string, string>) => {
    const res = await fetch(`${gw.url}/api/user/epay/notify?${new URLSearchParams(params)}`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    return res.text();
  };
  const paidNotice = (tradeNo: string, money: string, extra: Record<string, string> = {}, key = EPAY_KEY) =>
    signEpayParams({ pid: PID, trade_no: `EP${tradeNo}`, out_trade_no: tradeNo, type: 'alipay', name: 'TUC10', money, trade_status: 'TRADE_SUCCESS', ...extra }, key);
  const pay = async (c: ConsoleClient, amount: number, payment_method = 'zfb') => (await c.post('/api/user/pay', { amount, top_up_code: '', payment_method })).body as unknown as PayAnswer;

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupRoot(gw);
    user = await seedUser(gw, { username: 'payer' });
  });
  afterAll(() => gw?.stop());

  it('refuses to create an order before EPay is configured', async () => {
    expect(await pay(user, 10)).toEqual({ message: 'error', data: '当前管理员未配置支付信息' });
  });

  it('quotes the price without a success key: amount × Price × TopupGroupRatio, 2 decimals', async () => {
    const r = await user.post('/api/user/amount', { amount: 10, top_up_code: '' });
    expect(r.body).toEqual({ message: 'success', data: '73.00' });
    await setOption('TopupGroupRatio', '{"default":0.5,"vip":1}');
    expect((await user.post('/api/user/amount', { amount: 10 })).body).toEqual({ message: 'success', data: '36.50' });
    await setOption('TopupGroupRatio', '{"default":1,"vip":1,"svip":1}');
  });

  it.each([
    [{ amount: 0 }, '充值数量不能小于 1'],
    [{ amount: -5 }, '充值数量不能小于 1'],
    [{ amount: 1.5 }, '参数错误'],
    [{ amount: '10' }, '参数错误'],
    [{}, '参数错误'],
  ])('refuses %j with {message:"error"}', async (body, text) => {
    expect((await user.post('/api/user/amount', body)).body).toEqual({ message: 'error', data: text });
    expect((await user.post('/api/user/pay', body)).body).toEqual({ message: 'error', data: text });
  });

  it('applies MinTopUp, and counts amounts in quota when currency display is off', async () => {
    await setOption('MinTopUp', '5');
    expect((await user.post('/api/user/amount', { amount: 4 })).body).toEqual({ message: 'error', data: '充值数量不能小于 5' });
    await setOption('DisplayInCurrencyEnabled', 'false');
    expect((await user.post('/api/user/amount', { amount: 5 })).body).toEqual({ message: 'error', data: '充值数量不能小于 2500000' });
    expect((await user.post('/api/user/amount', { amount: 2_750_000 })).body).toEqual({ message: 'error', data: '充值数量必须是 500000 的整数倍' });
    expect((await user.post('/api/user/amount', { amount: 3_000_000 })).body).toEqual({ message: 'success', data: '43.80' });
    await setOption('DisplayInCurrencyEnabled', 'true');
    await setOption('MinTopUp', '1');
  });

  it('refuses amounts that cost less than a cent', async () => {
    await setOption('Price', '0.001');
    expect((await user.post('/api/user/amount', { amount: 10 })).body).toEqual({ message: 'error', data: '充值金额过低' });
    expect((await user.post('/api/user/pay', { amount: 9 })).body).toEqual({ message: 'error', data: '充值金额过低' });
    await setOption('Price', '7.3');
  });

  describe('once configured', () => {
    beforeAll(async () => {
      await setOption('PayAddress', 'https://pay.example.com/');
      await setOption('EpayId', PID);
      await setOption('EpayKey', EPAY_KEY);
      await setOption('ServerAddress', 'https://gw.example.com');
    });

    it('creates a pending order and answers the signed EPay form and its URL', async () => {
      const r = await pay(user, 10, 'zfb');
      expect(r.message).toBe('success');
      expect(r.url).toBe('https://pay.example.com/submit.php');
      const tradeNo = r.data.out_trade_no!;
      expect(tradeNo).toMatch(new RegExp(`^USR${user.userId}NO[0-9a-zA-Z]{6}\\d{10}$`));
      expect(r.data).toMatchObject({
        pid: PID,
        type: 'alipay',
        notify_url: 'https://gw.example.com/api/user/epay/notify',
        return_url: 'https://gw.example.com/log',
        name: 'TUC10',
        money: '73.00',
        device: 'pc',
        sign_type: 'MD5',
      });
      const { sign, sign_type, ...unsigned } = r.data;
      expect(sign_type).toBe('MD5');
      expect(sign).toBe(signEpayParams(unsigned, EPAY_KEY).sign);
      expect(await order(tradeNo)).toEqual({ user_id: user.userId, amount: 10, money: 73, status: 'pending' });
      expect((await pay(user, 1, 'wx')).data.type).toBe('wxpay');
      expect((await pay(user, 1, 'other')).data.type).toBe('wxpay');
    });

    it('sends notifications to CustomCallbackAddress when set', async () => {
      await setOption('CustomCallbackAddress', 'https://tunnel.example.net/');
      expect((await pay(user, 1)).data.notify_url).toBe('https://tunnel.example.net/api/user/epay/notify');
      await setOption('CustomCallbackAddress', '');
    });

    it('credits a paid order once, with its log, and acknowledges every redelivery (C8)', async () => {
      const payer = await seedUser(gw, { username: 'payer_once' });
      const tradeNo = (await pay(payer, 10)).data.out_trade_no!;
      const notice = paidNotice(tradeNo, '73.00');
      expect(await notify(notice)).toBe('success');
      expect(await quotaOf(payer.userId)).toBe(10 * 500000);
      expect((await order(tradeNo))!.status).toBe('success');
      expect(await onlineLogs(payer.userId)).toEqual([{ content: '使用在线充值成功，充值金额: ＄10.000000 额度，支付金额：73.000000' }]);
      for (let i = 0; i < 5; i++) expect(await notify(notice)).toBe('success');
      expect(await quotaOf(payer.userId)).toBe(10 * 500000);
      expect(await onlineLogs(payer.userId)).toHaveLength(1);
    });

    it('credits once when the same notice arrives 10 times at once (C8)', async () => {
      const payer = await seedUser(gw, { username: 'payer_race' });
      const tradeNo = (await pay(payer, 3)).data.out_trade_no!;
      const notice = paidNotice(tradeNo, '21.90');
      const bodies = await Promise.all(Array.from({ length: 10 }, () => notify(notice)));
      expect(bodies).toEqual(Array(10).fill('success'));
      expect(await quotaOf(payer.userId)).toBe(3 * 500000);
      expect(await onlineLogs(payer.userId)).toHaveLength(1);
      expect((await order(tradeNo))!.status).toBe('success');
    });

    it('refuses forged, tampered, foreign and unknown notices without crediting (S8)', async () => {
      const payer = await seedUser(gw, { username: 'payer_forged' });
      const tradeNo = (await pay(payer, 10)).data.out_trade_no!;
      const valid = paidNotice(tradeNo, '73.00');
      const { sign: _sign, sign_type: _type, ...unsigned } = valid;
      const cases: Record<string, string>[] = [
        unsigned,
        { ...valid, sign: '0'.repeat(32) },
        { ...valid, money: '730.00' },
        { ...valid, out_trade_no: `${tradeNo}X` },
        paidNotice(tradeNo, '73.00', {}, 'another-key'),
        paidNotice(tradeNo, '73.00', {}, ''),
        paidNotice(tradeNo, '0.01'),
        paidNotice(tradeNo, '73.00', { pid: '9999' }),
        paidNotice('USR1NOunknown1700000000', '73.00'),
      ];
      for (const params of cases) expect(await notify(params)).toBe('fail');
      expect(await quotaOf(payer.userId)).toBe(0);
      expect((await order(tradeNo))!.status).toBe('pending');
      expect(await onlineLogs(payer.userId)).toHaveLength(0);
    });

    it('acknowledges a signed notice of an unpaid trade without crediting', async () => {
      const payer = await seedUser(gw, { username: 'payer_waiting' });
      const tradeNo = (await pay(payer, 2)).data.out_trade_no!;
      expect(await notify(paidNotice(tradeNo, '14.60', { trade_status: 'WAIT_BUYER_PAY' }))).toBe('success');
      expect(await quotaOf(payer.userId)).toBe(0);
      expect((await order(tradeNo))!.status).toBe('pending');
    });

    it('refuses every notice while the merchant key is empty', async () => {
      const payer = await seedUser(gw, { username: 'payer_nokey' });
      const tradeNo = (await pay(payer, 1)).data.out_trade_no!;
      await setOption('EpayKey', '');
      expect(await notify(paidNotice(tradeNo, '7.30', {}, ''))).toBe('fail');
      expect(await notify(paidNotice(tradeNo, '7.30'))).toBe('fail');
      expect(await quotaOf(payer.userId)).toBe(0);
      await setOption('EpayKey', EPAY_KEY);
      expect(await notify(paidNotice(tradeNo, '7.30'))).toBe('success');
      expect(await quotaOf(payer.userId)).toBe(500000);
    });
  });
});
