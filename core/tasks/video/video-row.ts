import { z } from 'zod';
import type { TaskRow } from '../suno/suno-task-view.js';
import { parseJsonText } from '../parse-json-text.js';

/** A video task row: a tasks row whose platform is its channel type, with new-api's private_data. */
export interface VideoTaskRow extends TaskRow {
  private_data: string;
}

/**
 * new-api's TaskPrivateData: never shown to users. The upstream's own id lives here; task_id is the
 * public `task_…` id the client sees.
 */
const privateData = z.looseObject({
  upstream_task_id: z.string().optional().catch(undefined),
  result_url: z.string().optional().catch(undefined),
  /** new-api TaskBillingContext: the multipliers the task was charged with, which a remix is charged with again */
  billing_context: z
    .looseObject({
      other_ratios: z.record(z.string(), z.number()).optional().catch(undefined),
      /** the model's ratio and the group's when it was charged; a ratio-priced task (per_call_billing false) is re-billed from reported tokens */
      model_ratio: z.number().optional().catch(undefined),
      group_ratio: z.number().optional().catch(undefined),
      per_call_billing: z.boolean().optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
});
export type VideoPrivateData = z.infer<typeof privateData>;

export function readPrivateData(text: string): VideoPrivateData {
  const p = privateData.safeParse(parseJsonText(text));
  return p.success ? p.data : {};
}

/** The upstream id of a task; rows from before public ids carry it as task_id (new-api GetUpstreamTaskID). */
export const upstreamTaskId = (row: Pick<VideoTaskRow, 'task_id' | 'private_data'>): string => readPrivateData(row.private_data).upstream_task_id || row.task_id;

/** The finished video's URL; older rows kept it in fail_reason (new-api GetResultURL). */
export const resultUrl = (row: Pick<VideoTaskRow, 'fail_reason' | 'private_data'>): string => readPrivateData(row.private_data).result_url || row.fail_reason;

/** properties as new-api stores them for a video task. */
export interface VideoProperties {
  input: string;
  upstream_model_name?: string;
  origin_model_name?: string;
}

export function readProperties(text: string): VideoProperties {
  const v = parseJsonText(text);
  const o = v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  const str = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : undefined);
  return { input: str('input') ?? '', upstream_model_name: str('upstream_model_name'), origin_model_name: str('origin_model_name') };
}
