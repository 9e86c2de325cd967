import { z } from 'zod';
import { acceptsUnsetRatio, priceSettingsOf } from '../../relay/price-settings-view.js';
import { reserveTask, type TaskBill } from '../task-billing.js';
import type { TaskContext } from '../task-context.js';
import { jsonObjectBody, routeTask, taskCaller } from '../task-exchange.js';
import { taskPrice } from '../task-price.js';
import { forwardMjSubmit } from './forward-mj-submit.js';
import { mjActionIsFree, mjIntent, mjModelOf, type MjSubmitRoute } from './mj-action.js';
import { MJ_REQUEST_ERROR, mjError, mjRequestError } from './mj-error.js';
import { mjOrigin } from './mj-origin.js';

const submitFields = z.looseObject({
  prompt: z.string().optional(),
  customId: z.string().optional(),
  action: z.string().optional(),
  index: z.number().int().optional(),
  taskId: z.string().optional(),
  content: z.string().optional(),
  sourceBase64: z.string().optional(),
  targetBase64: z.string().optional(),
});

/**
 * A Midjourney submit (new-api RelayMidjourneySubmit / RelaySwapFace): the request is checked and the
 * fixed price of its action reserved before the upstream is called; forwardMjSubmit settles or hands back
 * the reservation, and this hands it back whatever else happens.
 */
export async function mjSubmit(ctx: TaskContext, route: MjSubmitRoute, upstreamPath: string): Promise<void> {
  const { app, ex } = ctx;
  const startedAt = Date.now();
  const caller = await taskCaller(app, ex);
  const body = await jsonObjectBody(ctx.body);
  const fields = submitFields.safeParse(body);
  if (!body || !fields.success) throw mjRequestError('bind_request_body_failed');
  const intent = mjIntent(route, fields.data);
  if (!intent.ok) throw mjRequestError(`无效的请求, ${intent.description}`);
  const { action } = intent.intent;
  const model = mjModelOf(action);
  const routing = await routeTask(app, ex, caller, model);
  const { prompt, sourceBase64, targetBase64 } = fields.data;
  if (action === 'IMAGINE' && !prompt) throw mjError(MJ_REQUEST_ERROR, 'prompt_is_required');
  if (action === 'SWAP_FACE' && !(sourceBase64 && targetBase64)) throw mjError(MJ_REQUEST_ERROR, 'sour_base64_and_target_base64_is_required');
  const origin = await mjOrigin(app, caller.user.id, intent.intent);

  const price = taskPrice(model, routing.group, priceSettingsOf(app.options), acceptsUnsetRatio(caller.user), mjActionIsFree(action));
  if (!price.ok) throw mjError(MJ_REQUEST_ERROR, price.message);
  const bill: TaskBill = { caller, group: routing.group, model, price: price.price, quota: price.quota };
  const reserved = await reserveTask(app, bill);
  if (!reserved.ok) throw mjError(MJ_REQUEST_ERROR, 'quota_not_enough');
  try {
    await forwardMjSubmit(ctx, {
      bill,
      reservation: reserved.reservation,
      action,
      body,
      upstreamPath,
      channel: origin?.channel ?? routing.pinned,
      prompt: action === 'SWAP_FACE' ? 'InsightFace' : (origin?.prompt ?? prompt ?? ''),
      startedAt,
    });
  } finally {
    app.ledger.refund(reserved.reservation); // a no-op once settled
  }
}
