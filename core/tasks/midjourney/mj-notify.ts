import { mjUpstreamTask } from '../poller/mj-poll-update.js';
import type { TaskContext } from '../task-context.js';
import { jsonObjectBody, taskCaller } from '../task-exchange.js';
import { MJ_REQUEST_ERROR, mjError } from './mj-error.js';

/**
 * POST /mj/notify (new-api B; L removed it): a Midjourney-Proxy task callback, sent with the caller's
 * token. Unlike new-api it touches only the caller's own unfinished task, and only its progress fields:
 * status, image URL and failure stay the poller's, which asks the channel — otherwise a caller could mark
 * its task failed, or point the image proxy at any address.
 */
export async function mjNotify(ctx: TaskContext): Promise<void> {
  const caller = await taskCaller(ctx.app, ctx.ex);
  const body = mjUpstreamTask.safeParse(await jsonObjectBody(ctx.body));
  if (!body.success) throw mjError(MJ_REQUEST_ERROR, 'bind_request_body_failed');
  const t = body.data;
  const { sql } = ctx.app;
  const updated = await sql`
    UPDATE midjourneys SET progress = ${t.progress}, prompt_en = ${t.promptEn}, state = ${t.state}, start_time = ${t.startTime}
    WHERE id = (SELECT id FROM midjourneys WHERE user_id = ${caller.user.id} AND mj_id = ${t.id} ORDER BY id DESC LIMIT 1)
      AND status NOT IN ('SUCCESS', 'FAILURE')
    RETURNING id`;
  if (updated.length === 0) throw mjError(MJ_REQUEST_ERROR, 'midjourney_task_not_found');
  ctx.ex.send(200, '');
}
