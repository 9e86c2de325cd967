import type { MaybePromise } from '../async/when-ready.js';
import type { AppServices } from '../app-services.js';
import { consumeLogContent } from '../billing/consume-log.js';
import { newLog } from '../billing/log-writer.js';
import type { Reservation, ReserveOutcome } from '../billing/quota-ledger.js';
import type { ResolvedPrice } from '../billing/resolve-price.js';
import { LOG_CONSUME } from '../db/rows.js';
import type { Caller } from '../relay/authenticate-token.js';

/** One submit's bill: who pays what, for which model, in which group. */
export interface TaskBill {
  caller: Caller;
  group: string;
  model: string;
  price: ResolvedPrice;
  quota: number;
  /** multipliers on the per-call price (a video's seconds, size), shown in the log's other */
  other?: Record<string, number>;
}

/** Reserves the fixed price before the upstream is called, so concurrent submits cannot overdraw. */
export function reserveTask(app: AppServices, bill: TaskBill): MaybePromise<ReserveOutcome> {
  const { caller } = bill;
  return app.ledger.reserve(caller.user.id, caller.token.id, caller.token.unlimitedQuota, bill.quota);
}

/**
 * The consume log's text for a task (new-api: `模型固定价格 %.2f，分组倍率 %.2f，操作 %s[，ID %s]`), built on
 * the per-call log text so the numbers print as Go prints them.
 */
export function taskLogContent(price: ResolvedPrice, action: string, id?: string): string {
  const perCall = consumeLogContent(price).replace(/^模型价格/, '模型固定价格');
  return `${perCall}，操作 ${action}${id === undefined ? '' : `，ID ${id}`}`;
}

/**
 * Settles an accepted submit: the reservation becomes the charge (counters, channel usage), the token
 * cache follows, and a type-2 log with new-api's `other` for tasks (group_ratio, model_price) explains it.
 * Returns what was charged: less than the bill only when it exceeded the reservation and the balance.
 */
export async function settleTask(app: AppServices, bill: TaskBill, r: Reservation, channelId: number, content: string, startedAt: number): Promise<number> {
  const { caller } = bill;
  const { charged } = await app.ledger.settle(r, bill.quota, channelId, true);
  if (charged > 0) app.lowBalance.afterCharge(caller.user, r.userQuotaAfter + r.amount - charged, charged);
  if (!caller.token.unlimitedQuota) caller.token.remainQuota -= charged;
  if (!app.options.bool('LogConsumeEnabled')) return charged;
  const now = Date.now();
  const row = newLog({
    type: LOG_CONSUME,
    content,
    user_id: caller.user.id,
    created_at: Math.floor(now / 1000),
    username: caller.user.username,
    token_name: caller.token.name,
    token_id: caller.token.id,
    model_name: bill.model,
    quota: charged,
    use_time: Math.floor((now - startedAt) / 1000),
    channel_id: channelId,
    group: bill.group,
    other: JSON.stringify(Object.assign({ group_ratio: bill.price.groupRatio, model_price: bill.price.modelPrice }, bill.other)),
  });
  app.logs.add(row);
  app.dashboard.recordUsage(row.user_id, row.username, row.model_name, row.created_at, row.quota, 0);
  return charged;
}
