import { z } from 'zod';
import type { TaskContext } from '../task-context.js';
import { jsonObjectBody, taskCaller } from '../task-exchange.js';
import { sunoError } from './suno-error.js';
import { ownTask, ownTasks } from './suno-rows.js';
import { sunoTaskView } from './suno-task-view.js';

const condition = z.object({
  ids: z.array(z.union([z.string(), z.number()]).transform(String)).max(1000).optional(),
  action: z.string().optional(),
});

/** POST /suno/fetch `{ids}` — the caller's tasks among them, from the database (new-api sunoFetchRespBodyBuilder). */
export async function sunoFetch(ctx: TaskContext): Promise<void> {
  const caller = await taskCaller(ctx.app, ctx.ex);
  const body = condition.safeParse(await jsonObjectBody(ctx.body));
  if (!body.success) throw sunoError(400, 'invalid_request', 'invalid request body');
  const ids = body.data.ids ?? [];
  const rows = ids.length ? await ownTasks(ctx.app.sql, caller.user.id, ids) : [];
  ctx.ex.json(200, { code: 'success', message: '', data: rows.map(sunoTaskView) });
}

/** GET /suno/fetch/:id — the caller's task; another user's is answered like a missing one. */
export async function sunoFetchById(ctx: TaskContext, taskId: string): Promise<void> {
  const caller = await taskCaller(ctx.app, ctx.ex);
  const row = await ownTask(ctx.app.sql, caller.user.id, taskId);
  if (!row) throw sunoError(400, 'task_not_exist', 'task_not_exist');
  ctx.ex.json(200, { code: 'success', message: '', data: sunoTaskView(row) });
}
