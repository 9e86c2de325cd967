import { logQuota } from '../../billing/format-quota.js';
import { logsElsewhere } from '../../billing/log-writer.js';
import { verifyEpaySign } from '../../payment/epay-sign.js';
import type { ApiContext } from '../api-context.js';
import type { ApiResult } from '../envelope.js';
import { creditTopUp, topUpByTradeNo, topUpStatus } from '../../db/repositories/top-ups.js';
import { epayConfig } from './epay-config.js';

/** The gateway reads a plain-text body: `success` stops its retries, `fail` asks it to try again later. */
const text = (body: 'success' | 'fail'): ApiResult => ({ raw: body, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

const cents = (money: string | number): number => Math.round(Number(money) * 100);

/**
 * GET /api/user/epay/notify — the gateway's asynchronous payment notification. Checked before any
 * credit: the MD5 signature with a non-empty key, the merchant id, an order we created, the amount we
 * asked for (new-api checks only the signature and answers `success` even for unknown orders). The
 * credit is a conditional update pending → success in the statement that adds the quota and writes the
 * log (creditTopUp), so a notification delivered many times, also concurrently, credits once (S8, C8).
 */
export async function epayNotify(c: ApiContext): Promise<ApiResult> {
  const params: Record<string, string> = {};
  for (const k of c.query.keys()) params[k] ??= c.query.get(k) ?? '';
  const config = epayConfig(c.app);
  const warn = (reason: string) => {
    c.app.log.warn('epay notify refused', { reason, tradeNo: params.out_trade_no ?? '' });
    return text('fail');
  };
  if (!config) return warn('epay is not configured');
  if (!verifyEpaySign(params, config.key)) return warn('bad signature');
  if (params.pid !== config.pid) return warn('merchant id mismatch');
  // A valid notice of an unpaid or closed trade: acknowledged, nothing to credit.
  if (params.trade_status !== 'TRADE_SUCCESS') return text('success');

  const order = await topUpByTradeNo(c.app.sql, params.out_trade_no ?? '');
  if (!order) return warn('unknown order');
  if (cents(params.money ?? '') !== cents(order.money)) return warn('amount mismatch');
  if (order.status === 'success') return text('success');
  if (order.status !== 'pending') return warn(`order is ${order.status}`);

  const o = c.app.options;
  const quotaPerUnit = o.number('QuotaPerUnit');
  const quota = order.amount * Math.trunc(quotaPerUnit);
  const content = `使用在线充值成功，充值金额: ${logQuota(quota, o.bool('DisplayInCurrencyEnabled'), quotaPerUnit)}，支付金额：${order.money.toFixed(6)}`;
  const sql = c.app.sql;
  const won = await creditTopUp(sql, order, { userId: order.user_id, quota, content, now: Math.floor(Date.now() / 1000) }, logsElsewhere(c.app.db, c.app.logs));
  if (won) {
    c.app.invalidation.publish('user', order.user_id);
    c.app.push.notifyAdmins({ kind: 'topup', user_id: order.user_id, username: (await c.app.users.get(order.user_id))?.username ?? '', quota, money: order.money });
    return text('success');
  }
  // Lost to another delivery of the same notice (credited: success), or the user is gone (retry later).
  return (await topUpStatus(sql, order.id)) === 'success' ? text('success') : warn('order could not be credited');
}
