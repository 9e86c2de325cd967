import { z } from 'zod';
import { sunoProgress, sunoStatus } from '../suno/suno-status.js';
import type { TaskRow } from '../suno/suno-task-view.js';

const seconds = z.number().int().nonnegative().catch(0);

/** One task of a Suno `/suno/fetch` answer, read tolerantly. */
export const sunoUpstreamTask = z.looseObject({
  task_id: z.string(),
  status: z.string().catch(''),
  fail_reason: z.string().catch(''),
  submit_time: seconds,
  start_time: seconds,
  finish_time: seconds,
  data: z.unknown().optional(),
});
export type SunoUpstreamTask = z.infer<typeof sunoUpstreamTask>;

export type TaskRowUpdate = Pick<TaskRow, 'status' | 'progress' | 'fail_reason' | 'submit_time' | 'start_time' | 'finish_time' | 'data'>;

/**
 * What one poll changes on a Suno task (new-api updateSunoTasks): empty upstream fields keep the row's,
 * a failure reason or FAILURE fails the task, the clips (audio and image URLs) are kept in data.
 */
export function sunoPollUpdate(row: TaskRow, t: SunoUpstreamTask): { update: TaskRowUpdate; failed: boolean } | null {
  const reported = t.status ? sunoStatus(t.status) : null;
  const failed = reported === 'FAILURE' || t.fail_reason !== '';
  const status = failed ? 'FAILURE' : (reported ?? row.status);
  const update: TaskRowUpdate = {
    status,
    progress: failed ? '100%' : reported ? sunoProgress(reported, row.progress) : row.progress,
    fail_reason: t.fail_reason || row.fail_reason,
    submit_time: t.submit_time || row.submit_time,
    start_time: t.start_time || row.start_time,
    finish_time: t.finish_time || row.finish_time,
    data: t.data === undefined ? row.data : JSON.stringify(t.data),
  };
  const changed = (Object.keys(update) as (keyof TaskRowUpdate)[]).some((k) => update[k] !== row[k]);
  return changed ? { update, failed } : null;
}
