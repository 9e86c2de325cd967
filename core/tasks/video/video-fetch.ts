import type { TaskContext } from '../task-context.js';
import { taskCaller } from '../task-exchange.js';
import { videoAdapterOf } from './video-adapters.js';
import { videoError } from './video-error.js';
import type { VideoTaskRow } from './video-row.js';
import { ownVideoTask } from './video-rows.js';
import { openAiVideoView, videoTaskDto } from './video-task-view.js';

/** The caller's task by public id; a missing (or another user's) one is new-api's task_not_exist. */
export async function callerTask(ctx: TaskContext, taskId: string): Promise<VideoTaskRow> {
  const caller = await taskCaller(ctx.app, ctx.ex);
  const row = await ownVideoTask(ctx.app.sql, caller.user.id, taskId);
  if (!row) throw videoError(400, 'task_not_exist', 'task_not_exist');
  return row;
}

/** GET /v1/video/generations/:task_id — the task as new-api's TaskDto, from the database. */
export async function videoFetch(ctx: TaskContext, taskId: string): Promise<void> {
  ctx.ex.json(200, videoTaskDto(await callerTask(ctx, taskId)));
}

/** GET /v1/videos/:task_id — the task as an OpenAI video object, from the database. */
export async function openAiVideoFetch(ctx: TaskContext, taskId: string): Promise<void> {
  const row = await callerTask(ctx, taskId);
  ctx.ex.json(200, openAiVideoView(row, videoAdapterOf(Number(row.platform))));
}
