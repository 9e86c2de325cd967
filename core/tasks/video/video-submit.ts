import type { ChannelActor } from '../../actors/channel-actor.js';
import type { Caller } from '../../relay/authenticate-token.js';
import { acceptsUnsetRatio, priceSettingsOf } from '../../relay/price-settings-view.js';
import { reserveTask, type TaskBill } from '../task-billing.js';
import type { TaskContext } from '../task-context.js';
import { routeTask, taskCaller } from '../task-exchange.js';
import { taskPrice } from '../task-price.js';
import { forwardVideoSubmit } from './forward-video-submit.js';
import { readVideoSubmit, type VideoDialect } from './read-video-submit.js';
import type { VideoSubmit } from './video-adapter.js';
import { videoAdapterOf } from './video-adapters.js';
import { videoError } from './video-error.js';
import { applyOtherRatios } from './video-quota.js';

const NO_EXCLUSIONS: ReadonlySet<number> = new Set();

/**
 * POST /v1/video/generations, /v1/videos, /kling/v1/videos/… and /jimeng/ (new-api RelayTask for video): the
 * request is checked, the per-call price times the provider's multipliers (seconds, size) reserved before the
 * upstream is called; forwardVideoSubmit settles it when the upstream names a task.
 */
export async function videoSubmit(ctx: TaskContext, dialect: VideoDialect): Promise<void> {
  const { app, ex } = ctx;
  const startedAt = Date.now();
  const caller = await taskCaller(app, ex);
  const submit = await readVideoSubmit(ctx, dialect);
  const routing = await routeTask(app, ex, caller, submit.model);
  // The multipliers are the provider's (new-api decides the platform from the distributed channel): the
  // reservation is estimated with a channel serving the model; the charge, with the one that accepts the task.
  const first = routing.pinned ?? app.channels.select(routing.group, submit.model, NO_EXCLUSIONS);
  const adapter = first && videoAdapterOf(first.config.type);
  if (!first || !adapter) throw videoError(400, 'invalid_api_platform', `invalid api platform: ${first?.config.type ?? ''}`);
  await chargeAndForward(ctx, { caller, group: routing.group, submit, ratios: adapter.ratios(submit), pinned: routing.pinned, startedAt });
}

/** A checked submit ready to be priced: who asks, in which group, with which multipliers, on which channel. */
export interface PricedSubmit {
  caller: Caller;
  group: string;
  submit: VideoSubmit;
  /** the multipliers reserved for: a remix's (its origin's) are final; a submit's are re-estimated by the channel that accepts it */
  ratios: Record<string, number>;
  /** the only channel it may go to (an admin pin, or the remixed task's); null: any serving the model */
  pinned: ChannelActor | null;
  startedAt: number;
}

/** Prices and reserves a submit, forwards it, and hands the reservation back whatever happens but a settle. */
export async function chargeAndForward(ctx: TaskContext, p: PricedSubmit): Promise<void> {
  const { app } = ctx;
  const { caller, submit, ratios } = p;
  const price = taskPrice(submit.model, p.group, priceSettingsOf(app.options), acceptsUnsetRatio(caller.user));
  if (!price.ok) throw videoError(400, 'model_price_error', price.message);
  const bill: TaskBill = { caller, group: p.group, model: submit.model, price: price.price, quota: applyOtherRatios(price.quota, ratios), other: ratios };
  const reserved = await reserveTask(app, bill);
  if (!reserved.ok) throw videoError(403, 'quota_not_enough', 'user quota is not enough');
  try {
    await forwardVideoSubmit(ctx, { bill, baseQuota: price.quota, reservation: reserved.reservation, submit, ratios, tokenRatio: price.tokenRatio, pinned: p.pinned, startedAt: p.startedAt });
  } finally {
    app.ledger.refund(reserved.reservation); // a no-op once settled
  }
}
