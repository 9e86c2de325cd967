import { localError } from '../../relay/relay-error.js';
import type { TaskContext } from '../task-context.js';
import { jsonObjectBody } from '../task-exchange.js';
import { videoFetch } from './video-fetch.js';
import { videoSubmit } from './video-submit.js';

/**
 * POST /jimeng/?Action=…&Version=… (new-api JimengRequestConvert): Jimeng's own API on the video task seam.
 * CVSync2AsyncGetResult reads the caller's task named by the body's task_id (the public id) as
 * /v1/video/generations/:id does; any other Action is a submit, its req_key the model.
 */
export async function jimengNative(ctx: TaskContext): Promise<void> {
  const action = new URLSearchParams(ctx.ex.req.query).get('Action') ?? '';
  if (!action) throw localError(400, 'Action query parameter is required');
  const body = await jsonObjectBody(ctx.body);
  if (!body) throw localError(400, 'Invalid request body');
  if (action !== 'CVSync2AsyncGetResult') return videoSubmit(ctx, 'jimeng');
  const taskId = typeof body.task_id === 'string' ? body.task_id : '';
  if (!taskId) throw localError(400, 'task_id is required for CVSync2AsyncGetResult');
  return videoFetch(ctx, taskId);
}
