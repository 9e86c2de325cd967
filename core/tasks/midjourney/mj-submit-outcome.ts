import { z } from 'zod';
import { mjActionIsFree } from './mj-action.js';

/** A Midjourney-Proxy submit answer, read tolerantly; without an integer `code` it is not an answer at all. */
export const mjSubmitAnswer = z.looseObject({
  code: z.number().int(),
  description: z.string().catch(''),
  // upload-discord-images answers a list of URLs
  result: z.union([z.string(), z.array(z.string())]).catch(''),
  properties: z.unknown().optional(),
});
export type MjSubmitAnswer = z.infer<typeof mjSubmitAnswer>;

/** The midjourneys columns a submit sets. */
export interface MjSubmitRow {
  code: number;
  mj_id: string;
  description: string;
  status: string;
  progress: string;
  fail_reason: string;
  image_url: string;
  start_time: number;
  finish_time: number;
}

export interface MjSubmitOutcome {
  /** the upstream took the task (1 submitted, 21 exists, 22 queued, on HTTP 200): it is billed */
  accepted: boolean;
  row: MjSubmitRow;
  /** what the client gets: the answer, with 21 and 22 reported as 1 as new-api does */
  clientBody: Record<string, unknown>;
}

const ACCEPTED = new Set([1, 21, 22]);
const existing = z.object({ status: z.string(), imageUrl: z.string() });

/** new-api RelayMidjourneySubmit after the upstream call, as a function of the answer and the clock. */
export function mjSubmitOutcome(httpStatus: number, answer: MjSubmitAnswer, action: string, nowMs: number): MjSubmitOutcome {
  const accepted = httpStatus === 200 && ACCEPTED.has(answer.code);
  const row: MjSubmitRow = {
    code: answer.code,
    mj_id: typeof answer.result === 'string' ? answer.result : '',
    description: answer.description,
    status: '',
    progress: '0%',
    fail_reason: '',
    image_url: '',
    start_time: 0,
    finish_time: 0,
  };
  const clientBody: Record<string, unknown> = { ...answer };
  if (!accepted) {
    // Never polled, never billed: final at once.
    Object.assign(row, { status: 'FAILURE', progress: '100%', fail_reason: answer.description || `HTTP ${httpStatus}`, finish_time: nowMs });
    return { accepted, row, clientBody };
  }
  if (answer.code === 21) {
    const known = existing.safeParse(answer.properties);
    if (known.success) {
      Object.assign(row, { image_url: known.data.imageUrl, status: known.data.status });
      if (known.data.status === 'SUCCESS') Object.assign(row, { code: 1, progress: '100%', start_time: nowMs, finish_time: nowMs });
    }
    if (!mjActionIsFree(action)) clientBody.code = 1;
  }
  if (answer.code === 22) clientBody.code = 1;
  if (answer.code === 1 && action === 'UPLOAD') Object.assign(row, { status: 'SUCCESS', progress: '100%' });
  return { accepted, row, clientBody };
}
