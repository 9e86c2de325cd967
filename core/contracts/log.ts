import { z } from 'zod';

/** 0 all, 1 top-up, 2 consume, 3 manage, 4 system, 5 error. */
export const LOG_TYPES = [0, 1, 2, 3, 4, 5] as const;
export type LogType = (typeof LOG_TYPES)[number];

export const logEntrySchema = z.object({
  id: z.number(),
  user_id: z.number().optional(),
  created_at: z.number(),
  type: z.number().int(),
  content: z.string(),
  username: z.string(),
  token_name: z.string(),
  model_name: z.string(),
  quota: z.number(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  use_time: z.number(),
  is_stream: z.boolean(),
  channel: z.number(),
  channel_name: z.string().optional(),
  token_id: z.number().optional(),
  group: z.string(),
  /** A JSON string (frt, model_ratio, group_ratio, completion_ratio, cache_tokens, ...). */
  other: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** Query of `/api/log/self` and `/api/log/`; timestamps in seconds, `p` 1-based. */
export const logQuerySchema = z.object({
  p: z.number().int().min(1),
  page_size: z.number().int().min(1).max(100),
  type: z.number().int().min(0).max(5),
  token_name: z.string(),
  model_name: z.string(),
  group: z.string(),
  start_timestamp: z.number().int(),
  end_timestamp: z.number().int(),
  username: z.string().optional(),
  channel: z.string().optional(),
});
export type LogQuery = z.infer<typeof logQuerySchema>;

export const logStatSchema = z.object({ quota: z.number(), rpm: z.number(), tpm: z.number() });
export type LogStat = z.infer<typeof logStatSchema>;

/** Drawing task (`/api/mj/self`): times are Unix milliseconds. */
export const drawingTaskSchema = z.object({
  id: z.number(),
  mj_id: z.string(),
  action: z.string(),
  code: z.number(),
  status: z.string(),
  progress: z.string(),
  image_url: z.string(),
  prompt: z.string(),
  prompt_en: z.string(),
  fail_reason: z.string(),
  submit_time: z.number(),
  start_time: z.number().optional(),
  finish_time: z.number(),
  channel_id: z.number(),
});
export type DrawingTask = z.infer<typeof drawingTaskSchema>;

/** Generic task (`/api/task/self`): times are Unix seconds. */
export const genericTaskSchema = z.object({
  id: z.number(),
  task_id: z.string(),
  platform: z.string(),
  action: z.string(),
  status: z.string(),
  progress: z.string(),
  fail_reason: z.string(),
  submit_time: z.number(),
  finish_time: z.number(),
  channel_id: z.number(),
  created_at: z.number().optional(),
  data: z.unknown().optional(),
});
export type GenericTask = z.infer<typeof genericTaskSchema>;
