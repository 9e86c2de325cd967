import { z } from 'zod';
import { serverAddress } from '../../options/server-address.js';
import { originChannel } from '../task-channel.js';
import type { TaskContext } from '../task-context.js';
import { jsonObjectBody, taskCaller } from '../task-exchange.js';
import { callMjUpstream } from './call-mj-upstream.js';
import { MJ_ERROR_UNKNOWN, MJ_REQUEST_ERROR, mjError } from './mj-error.js';
import { mjImageUrl } from './mj-image-link.js';
import { ownMjTask, ownMjTasks } from './mj-rows.js';
import { mjSubmitAnswer } from './mj-submit-outcome.js';
import { mjTaskView } from './mj-task-view.js';

const IMAGE_SEED_TIMEOUT_MS = 30_000;
const condition = z.object({ ids: z.array(z.string()).max(1000).optional() });

/** Image links through this server's proxy while MjForwardUrlEnabled, else the upstream's own. */
function imageLinks(ctx: TaskContext): ((mjId: string) => string) | null {
  if (!ctx.app.options.bool('MjForwardUrlEnabled')) return null;
  const base = serverAddress(ctx.app);
  return (mjId) => mjImageUrl(base, ctx.secret, mjId);
}

/** GET /mj/task/:id/fetch — from the database, the caller's tasks only; another's is "task_no_found". */
export async function mjFetch(ctx: TaskContext, mjId: string): Promise<void> {
  const caller = await taskCaller(ctx.app, ctx.ex);
  const row = await ownMjTask(ctx.app.sql, caller.user.id, mjId);
  if (!row) throw mjError(MJ_REQUEST_ERROR, 'task_no_found');
  ctx.ex.json(200, mjTaskView(row, imageLinks(ctx)));
}

/** POST /mj/task/list-by-condition `{ids}` — the caller's tasks among them; others' are left out. */
export async function mjListByCondition(ctx: TaskContext): Promise<void> {
  const caller = await taskCaller(ctx.app, ctx.ex);
  const body = condition.safeParse(await jsonObjectBody(ctx.body));
  if (!body.success) throw mjError(MJ_REQUEST_ERROR, 'do_request_failed');
  const ids = body.data.ids ?? [];
  const rows = ids.length ? await ownMjTasks(ctx.app.sql, caller.user.id, ids) : [];
  const links = imageLinks(ctx);
  ctx.ex.json(200, rows.map((r) => mjTaskView(r, links)));
}

/** GET /mj/task/:id/image-seed — asked of the channel that drew the caller's task. */
export async function mjImageSeed(ctx: TaskContext, mjId: string, upstreamPath: string): Promise<void> {
  const caller = await taskCaller(ctx.app, ctx.ex);
  const row = await ownMjTask(ctx.app.sql, caller.user.id, mjId);
  if (!row) throw mjError(MJ_REQUEST_ERROR, 'task_no_found');
  const channel = await originChannel(ctx.app, row.channel_id);
  if (typeof channel === 'string') throw mjError(MJ_REQUEST_ERROR, channel);
  const answer = await callMjUpstream(ctx, channel, upstreamPath, null, IMAGE_SEED_TIMEOUT_MS).catch(() => {
    throw mjError(MJ_ERROR_UNKNOWN, 'do_request_failed');
  });
  if (!mjSubmitAnswer.safeParse(answer.json).success) throw mjError(MJ_ERROR_UNKNOWN, answer.empty ? 'empty_response_body' : 'unmarshal_response_body_failed');
  ctx.ex.json(answer.status, answer.json);
}
