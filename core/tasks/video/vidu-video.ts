import { z } from 'zod';
import { parseJsonText } from '../parse-json-text.js';
import { upstreamRefusal, usableId, type VideoSubmit, type VideoTaskAdapter, type VideoTaskStatus } from './video-adapter.js';

const submitAnswer = z.looseObject({ task_id: z.string().catch(''), state: z.string().catch('') });
const creations = z.looseObject({
  state: z.string().catch(''),
  err_code: z.string().catch(''),
  creations: z.array(z.looseObject({ url: z.string().catch('') })).catch([]),
});

const STATUS: Record<string, VideoTaskStatus> = { created: 'SUBMITTED', queueing: 'SUBMITTED', processing: 'IN_PROGRESS', success: 'SUCCESS', failed: 'FAILURE' };

const PATHS: Record<string, string> = { generate: '/img2video', firstTailGenerate: '/start-end2video', referenceGenerate: '/reference2video' };

/** new-api's Vidu action: metadata.action if given, else by image count (1: image, 2: first/last frame, 3+: reference). */
function viduAction(s: VideoSubmit): string {
  if (typeof s.metadata.action === 'string') return s.metadata.action;
  if (s.images.length === 0) return 'textGenerate';
  if (s.images.length === 2) return 'firstTailGenerate';
  return s.images.length > 2 ? 'referenceGenerate' : 'generate';
}

/** new-api's Vidu body: defaults (viduq1, 5 s, 1080p, auto movement), metadata over all. */
export function viduBody(s: VideoSubmit, upstreamModel: string, action: string): Record<string, unknown> {
  const body: Record<string, unknown> = Object.assign(
    { model: upstreamModel || 'viduq1', images: s.images, prompt: s.prompt, duration: s.seconds || 5, resolution: s.size || '1080p', movement_amplitude: 'auto' },
    s.metadata,
  );
  delete body.action;
  // reference-to-video only takes the bare viduq2 model (no pro/turbo suffix)
  if (action === 'referenceGenerate' && typeof body.model === 'string' && body.model.includes('viduq2')) body.model = 'viduq2';
  return body;
}

const headers = (key: string) => ({ accept: 'application/json', 'content-type': 'application/json', authorization: `Token ${key}` });

/** Vidu (type 52): `Token` auth, /ent/v2/{text2video,img2video,start-end2video,reference2video}, polled at /ent/v2/tasks/{id}/creations. */
export const viduVideo: VideoTaskAdapter = {
  action: viduAction,
  ratios: () => ({}),
  async submitRequest(s, ch) {
    const action = viduAction(s);
    return { url: `${ch.base}/ent/v2${PATHS[action] ?? '/text2video'}`, method: 'POST', headers: headers(ch.key), body: JSON.stringify(viduBody(s, ch.upstreamModel, action)) };
  },
  parseSubmit(status, body) {
    if (status !== 200) return upstreamRefusal(status, body);
    const a = submitAnswer.safeParse(parseJsonText(body));
    if (!a.success) return { ok: false, status: 500, code: 'unmarshal_response_failed', message: 'the upstream answer is not a Vidu task' };
    if (a.data.state === 'failed') return { ok: false, status: 400, code: 'task_failed', message: 'task failed' };
    return usableId(a.data.task_id) ? { ok: true, upstreamId: a.data.task_id } : { ok: false, status: 500, code: 'invalid_response', message: 'task_id is empty' };
  },
  async pollRequest(ch, upstreamId) {
    return { url: `${ch.base}/ent/v2/tasks/${encodeURIComponent(upstreamId)}/creations`, method: 'GET', headers: { accept: 'application/json', authorization: `Token ${ch.key}` } };
  },
  parsePoll(body) {
    const a = creations.safeParse(parseJsonText(body));
    const status = a.success ? STATUS[a.data.state] : undefined;
    if (!a.success || !status) return null;
    return { status, progress: '', url: status === 'SUCCESS' ? (a.data.creations[0]?.url ?? '') : '', reason: status === 'FAILURE' ? a.data.err_code : '' };
  },
};
