import { z } from 'zod';
import { parseJsonText } from '../parse-json-text.js';
import { soraSizeRatio } from './sora-video.js';
import { MAX_VIDEO_SECONDS } from './video-submit-body.js';
import { readPrivateData, readProperties, type VideoTaskRow } from './video-row.js';

// What a remix takes from the task it remixes (new-api ResolveOriginTask): its model and the multipliers it was
// charged with. Pure: the handler reads the row.

const storedAnswer = z.looseObject({
  model: z.string().catch(''),
  seconds: z.string().catch(''),
  size: z.string().catch(''),
});

const answerOf = (row: Pick<VideoTaskRow, 'data'>) => {
  const parsed = storedAnswer.safeParse(parseJsonText(row.data));
  return parsed.success ? parsed.data : { model: '', seconds: '', size: '' };
};

/** The model a remix is priced and routed as: the origin's client model, else its upstream one, else the stored answer's. */
export function remixModel(row: Pick<VideoTaskRow, 'properties' | 'data'>): string {
  const p = readProperties(row.properties);
  return p.origin_model_name || p.upstream_model_name || answerOf(row).model;
}

/**
 * The multipliers of a remix: those the origin was charged with (private_data.billing_context), else, for tasks
 * stored without them, the stored answer's seconds (4 when absent, capped as a submit's) and size.
 */
export function remixRatios(row: Pick<VideoTaskRow, 'private_data' | 'data'>): Record<string, number> {
  const stored = readPrivateData(row.private_data).billing_context?.other_ratios;
  if (stored && Object.keys(stored).length) return Object.assign({}, stored);
  const answer = answerOf(row);
  const parsed = /^\d{1,9}$/.test(answer.seconds) ? Number(answer.seconds) : 0;
  const seconds = parsed > 0 ? Math.min(parsed, MAX_VIDEO_SECONDS) : 4;
  return { seconds, size: soraSizeRatio(answer.size) };
}
