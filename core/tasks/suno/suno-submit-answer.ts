import { z } from 'zod';
import { parseJsonText } from '../parse-json-text.js';

const answer = z.looseObject({ code: z.string(), message: z.string().catch(''), data: z.unknown() });

export type SunoSubmitVerdict = { ok: true; taskId: string } | { ok: false; status: number; code: string; message: string };

/**
 * What a Suno submit answer means (new-api's Suno DoResponse): HTTP 200 with
 * `{"code":"success","data":"<task id>"}` is a task; everything else is a refusal, reported in new-api's
 * task-error codes.
 */
export function sunoSubmitVerdict(status: number, body: string): SunoSubmitVerdict {
  if (status !== 200) return { ok: false, status, code: 'fail_to_fetch_task', message: body.slice(0, 1000) };
  const parsed = answer.safeParse(parseJsonText(body));
  if (!parsed.success) return { ok: false, status: 500, code: 'unmarshal_response_body_failed', message: 'the upstream answer is not a Suno task' };
  const { code, message, data } = parsed.data;
  if (code !== 'success') return { ok: false, status: 500, code, message };
  // tasks.task_id is varchar(50): an id that does not fit is as good as none
  if (typeof data !== 'string' || !data || data.length > 50) return { ok: false, status: 500, code: 'unmarshal_response_body_failed', message: 'the upstream answer has no task id' };
  return { ok: true, taskId: data };
}
