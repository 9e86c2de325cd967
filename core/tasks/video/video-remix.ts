import { z } from 'zod';
import { originChannel } from '../task-channel.js';
import type { TaskContext } from '../task-context.js';
import { jsonObjectBody, routeTask, taskCaller } from '../task-exchange.js';
import { remixModel, remixRatios } from './remix-origin.js';
import { videoAdapterOf } from './video-adapters.js';
import { videoError } from './video-error.js';
import { upstreamTaskId } from './video-row.js';
import { ownVideoTask } from './video-rows.js';
import { chargeAndForward } from './video-submit.js';

/** new-api validateRemixRequest: a JSON body with a prompt; other fields go upstream as they came. */
const remixBody = z.looseObject({ prompt: z.string() });

/**
 * POST /v1/videos/:video_id/remix (new-api RelayTask with ResolveOriginTask): the caller's task by its public
 * id gives the model, the channel (locked: no retry elsewhere) and the multipliers it was charged with; the
 * remix is then billed and recorded as a submit, sent as `/v1/videos/{upstream id}/remix`.
 */
export async function videoRemix(ctx: TaskContext, videoId: string): Promise<void> {
  const { app, ex } = ctx;
  const startedAt = Date.now();
  const caller = await taskCaller(app, ex);
  if (!videoId.trim()) throw videoError(400, 'invalid_request', 'video_id is required');
  const body = remixBody.safeParse(await jsonObjectBody(ctx.body));
  if (!body.success) throw videoError(400, 'invalid_request', 'invalid request body');
  if (!body.data.prompt.trim()) throw videoError(400, 'invalid_request', 'field prompt is required');

  const origin = await ownVideoTask(app.sql, caller.user.id, videoId);
  if (!origin) throw videoError(400, 'task_not_exist', 'task_origin_not_exist');
  const model = remixModel(origin);
  if (!model) throw videoError(400, 'invalid_request', 'model is required');
  const routing = await routeTask(app, ex, caller, model);
  const channel = await originChannel(app, origin.channel_id);
  if (typeof channel === 'string') throw videoError(400, 'task_channel_disable', 'the channel of the origin task is disabled');
  if (!videoAdapterOf(channel.config.type)?.remixRequest) throw videoError(400, 'not_supported', `remix is not supported for channel type ${channel.config.type}`);

  const submit = { model, prompt: body.data.prompt, images: [], size: '', seconds: 0, mode: '', metadata: {}, raw: { kind: 'json' as const, body: body.data }, remixOf: upstreamTaskId(origin) };
  await chargeAndForward(ctx, { caller, group: routing.group, submit, ratios: remixRatios(origin), pinned: channel, startedAt });
}
