import { z } from 'zod';
import type { MidjourneyRow } from '../midjourney/mj-task-view.js';

const text = (max = 100_000) => z.string().catch('').transform((s) => s.slice(0, max));
const millis = z.number().int().nonnegative().catch(0);

/** One task of a list-by-condition answer, read tolerantly (Midjourney-Proxy sends nulls for unset fields). */
export const mjUpstreamTask = z.looseObject({
  id: z.string(),
  progress: text(30),
  promptEn: text(),
  state: text(),
  submitTime: millis,
  startTime: millis,
  finishTime: millis,
  imageUrl: text(),
  status: text(20),
  failReason: text(),
  properties: z.unknown().optional(),
  buttons: z.unknown().optional(),
});
export type MjUpstreamTask = z.infer<typeof mjUpstreamTask>;

export type MjRowUpdate = Pick<
  MidjourneyRow,
  'code' | 'progress' | 'prompt_en' | 'state' | 'submit_time' | 'start_time' | 'finish_time' | 'image_url' | 'status' | 'fail_reason'
> &
  Partial<Pick<MidjourneyRow, 'properties' | 'buttons'>>;

const FAILED = new Set(['FAILURE', 'CANCEL']);

/**
 * What one poll changes on a task (new-api UpdateMidjourneyTaskBulk): the upstream's fields, or nothing
 * when they are what the row already says. A task fails when the upstream says FAILURE (or CANCEL, which
 * new-api would leave polled until it times out), or reports a reason before finishing.
 */
export function mjPollUpdate(row: MidjourneyRow, t: MjUpstreamTask): { update: MjRowUpdate; failed: boolean } | null {
  const failed = FAILED.has(t.status) || (t.failReason !== '' && t.progress !== '100%');
  const update: MjRowUpdate = {
    code: 1,
    progress: failed ? '100%' : t.progress,
    prompt_en: t.promptEn,
    state: t.state,
    // a missing submit time must not reset the timeout clock
    submit_time: t.submitTime || row.submit_time,
    start_time: t.startTime,
    finish_time: t.finishTime,
    image_url: t.imageUrl,
    status: failed ? 'FAILURE' : t.status,
    fail_reason: failed && !t.failReason ? `upstream status ${t.status}` : t.failReason,
  };
  if (t.properties != null) update.properties = JSON.stringify(t.properties);
  if (t.buttons != null) update.buttons = JSON.stringify(t.buttons);
  const changed = (Object.keys(update) as (keyof MjRowUpdate)[]).some((k) => update[k] !== row[k]);
  return changed ? { update, failed } : null;
}
