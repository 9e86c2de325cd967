import { parseJsonText } from '../parse-json-text.js';

/** A tasks row as stored (spec console-api.md §9); times are unix seconds, properties and data JSON text. */
export interface TaskRow {
  id: number;
  created_at: number;
  updated_at: number;
  task_id: string;
  platform: string;
  user_id: number;
  channel_id: number;
  quota: number;
  action: string;
  status: string;
  fail_reason: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  progress: string;
  properties: string;
  data: string;
}

/** new-api's TaskModel2Dto: what /suno/fetch reports of a task. */
export function sunoTaskView(row: TaskRow) {
  return {
    task_id: row.task_id,
    action: row.action,
    status: row.status,
    fail_reason: row.fail_reason,
    submit_time: row.submit_time,
    start_time: row.start_time,
    finish_time: row.finish_time,
    progress: row.progress,
    data: parseJsonText(row.data),
  };
}
