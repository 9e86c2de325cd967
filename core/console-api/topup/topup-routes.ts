import { z } from 'zod';
import { randomAlnum } from '../../auth/random-key.js';
import { lookupRatio } from '../../billing/lookup-ratio.js';
import { amountBodySchema, payBodySchema } from '../../contracts/topup.js';
import { insertTopUp } from '../../db/repositories/top-ups.js';
import { signEpayParams } from '../../payment/epay-sign.js';
import { parseBody, requireUser, type ApiContext, type AuthUser } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import type { ApiResult } from '../envelope.js';
import { serverAddress } from '../../options/server-address.js';
import { epayConfig, notifyUrl, submitUrl } from './epay-config.js';
import { epayNotify } from './epay-notify.js';
import { compareToOneCent, formatMoney, quoteTopUp, type TopUpQuote } from './topup-quote.js';

/** /api/user/amount and /api/user/pay answer without `success`: {message:"success"|"error", data}. */
const answer = (data: unknown, extra: Record<string, unknown> = {}): ApiResult => ({ body: { message: 'success', data, ...extra } });
const refuse = (text: string): ApiResult => ({ body: { message: 'error', data: text } });

function quote(c: ApiContext, me: AuthUser, amount: number): TopUpQuote {
  const o = c.app.options;
  return quoteTopUp(amount, {
    displayInCurrency: o.bool('DisplayInCurrencyEnabled'),
    quotaPerUnit: o.number('QuotaPerUnit'),
    price: o.number('Price'),
    minTopUp: o.number('MinTopUp'),
    groupRatio: lookupRatio(o.json<Record<string, number>>('TopupGroupRatio'), me.group) ?? 1,
  });
}

function parse<S extends z.ZodType>(c: ApiContext, schema: S): z.infer<S> | null {
  try {
    return parseBody(c, schema);
  } catch {
    return null;
  }
}

/** POST /api/user/amount {amount} — the price to pay, as a string with 2 decimals. */
async function amount(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const input = parse(c, amountBodySchema);
  if (!input) return refuse('参数错误');
  const q = quote(c, me, input.amount);
  if (!q.ok) return refuse(q.message);
  if (compareToOneCent(q.money) <= 0) return refuse('充值金额过低');
  return answer(formatMoney(q.money));
}

/**
 * POST /api/user/pay {amount, payment_method} — creates a pending order and returns the signed EPay form
 * (data) and where to submit it (url). trade_no = USR<userId>NO<6 random><unix seconds>, as new-api.
 */
async function pay(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const input = parse(c, payBodySchema);
  if (!input) return refuse('参数错误');
  const q = quote(c, me, input.amount);
  if (!q.ok) return refuse(q.message);
  if (compareToOneCent(q.money) < 0) return refuse('充值金额过低');
  const config = epayConfig(c.app);
  if (!config) return refuse('当前管理员未配置支付信息');
  const now = Math.floor(Date.now() / 1000);
  const tradeNo = `USR${me.id}NO${randomAlnum(6)}${now}`;
  const money = formatMoney(q.money);
  const params = signEpayParams(
    {
      pid: config.pid,
      type: input.payment_method === 'zfb' ? 'alipay' : 'wxpay',
      out_trade_no: tradeNo,
      notify_url: notifyUrl(c.app),
      return_url: `${serverAddress(c.app)}/log`,
      name: `TUC${input.amount}`,
      money,
      device: 'pc',
    },
    config.key,
  );
  try {
    // The order keeps the money actually asked for, so the notification can be checked against it.
    await insertTopUp(c.app.sql, { user_id: me.id, amount: q.units, money: Number(money), trade_no: tradeNo, create_time: now, status: 'pending' });
  } catch (e) {
    c.app.log.error('top-up order insert failed', { userId: me.id, error: String(e) });
    return refuse('创建订单失败');
  }
  return answer(params, { url: submitUrl(config) });
}

export const topupRoutes: ApiRoute[] = [
  { method: 'post', path: '/api/user/amount', access: 'user', handler: amount },
  { method: 'post', path: '/api/user/pay', access: 'user', handler: pay },
  { method: 'get', path: '/api/user/epay/notify', access: 'public', handler: epayNotify },
];
