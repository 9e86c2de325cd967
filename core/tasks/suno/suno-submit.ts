import { acceptsUnsetRatio, priceSettingsOf } from '../../relay/price-settings-view.js';
import { reserveTask, type TaskBill } from '../task-billing.js';
import type { TaskContext } from '../task-context.js';
import { jsonObjectBody, routeTask, taskCaller } from '../task-exchange.js';
import { taskPrice } from '../task-price.js';
import { forwardSunoSubmit } from './forward-suno-submit.js';
import { sunoError } from './suno-error.js';
import { sunoIntent, sunoSubmitBody } from './suno-intent.js';
import { sunoOrigin } from './suno-origin.js';

/**
 * POST /suno/submit/:action (new-api RelayTaskSubmit for Suno): the request is checked and the fixed
 * price reserved before the upstream is called; forwardSunoSubmit settles it when the upstream names a
 * task, and this hands it back whatever else happens.
 */
export async function sunoSubmit(ctx: TaskContext, actionParam: string): Promise<void> {
  const { app, ex } = ctx;
  const startedAt = Date.now();
  const caller = await taskCaller(app, ex);
  const body = sunoSubmitBody.safeParse(await jsonObjectBody(ctx.body));
  if (!body.success) throw sunoError(400, 'invalid_request', 'invalid request body');
  const parsed = sunoIntent(actionParam, body.data);
  if (!parsed.ok) throw sunoError(400, 'invalid_request', parsed.message);
  const { intent } = parsed;
  const routing = await routeTask(app, ex, caller, intent.model);
  const origin = await sunoOrigin(app, caller.user.id, intent.originTaskId);

  const price = taskPrice(intent.model, routing.group, priceSettingsOf(app.options), acceptsUnsetRatio(caller.user));
  if (!price.ok) throw sunoError(400, 'model_price_error', price.message);
  const bill: TaskBill = { caller, group: routing.group, model: intent.model, price: price.price, quota: price.quota };
  const reserved = await reserveTask(app, bill);
  if (!reserved.ok) throw sunoError(403, 'quota_not_enough', 'user quota is not enough');
  try {
    await forwardSunoSubmit(ctx, { bill, reservation: reserved.reservation, intent, channel: origin ?? routing.pinned, startedAt });
  } finally {
    app.ledger.refund(reserved.reservation); // a no-op once settled
  }
}
