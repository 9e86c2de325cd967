import { z } from 'zod';
import { encodeMultipart } from '../../formats/media/multipart.js';
import { parseJsonText } from '../parse-json-text.js';
import { upstreamRefusal, usableId, type VideoPollResult, type VideoTaskAdapter, type VideoTaskStatus } from './video-adapter.js';

const soraTask = z.looseObject({
  id: z.string().catch(''),
  task_id: z.string().catch(''),
  status: z.string().catch(''),
  progress: z.number().catch(0),
  error: z.looseObject({ message: z.string().catch('') }).nullish().catch(null),
});

// new-api reads Sora-style statuses case-insensitively, with the synonyms relays answer.
const STATUS: Record<string, VideoTaskStatus> = {};
for (const w of ['queued', 'pending', 'submitted', 'not_start', 'preparing', 'unknown', 'notstarted', 'created', 'starting']) STATUS[w] = 'QUEUED';
for (const w of ['processing', 'in_progress', 'running', 'generating']) STATUS[w] = 'IN_PROGRESS';
for (const w of ['completed', 'complete', 'success', 'succeeded', 'finished']) STATUS[w] = 'SUCCESS';
for (const w of ['failed', 'failure', 'fail', 'error', 'cancelled', 'canceled']) STATUS[w] = 'FAILURE';

/** Sizes new-api prices at 1.666667× (Sora's large frames). */
const LARGE_SIZES = new Set(['1792x1024', '1024x1792']);

/** The size multiplier of a Sora frame size. */
export const soraSizeRatio = (size: string): number => (LARGE_SIZES.has(size) ? 1.666667 : 1);

/** The client's JSON body for the upstream: its model, without the local `group` field. */
function soraJson(body: Record<string, unknown>, upstreamModel: string): string {
  const out: Record<string, unknown> = Object.assign({}, body, { model: upstreamModel });
  delete out.group;
  return JSON.stringify(out);
}

/**
 * OpenAI Sora (type 55): the client's body (JSON or multipart) goes to `/v1/videos` with the upstream
 * model and without the local `group` field; polls GET `/v1/videos/{id}`; the video is
 * `/v1/videos/{id}/content`.
 */
export const soraVideo: VideoTaskAdapter = {
  action: () => 'generate',
  ratios(s) {
    return { seconds: s.seconds > 0 ? s.seconds : 4, size: soraSizeRatio(s.size || '720x1280') };
  },
  async submitRequest(s, ch) {
    const headers: Record<string, string> = { authorization: `Bearer ${ch.key}`, accept: 'application/json' };
    const url = `${ch.base}/v1/videos`;
    if (s.raw.kind === 'json') return { url, method: 'POST', headers: Object.assign(headers, { 'content-type': 'application/json' }), body: soraJson(s.raw.body, ch.upstreamModel) };
    const form = new FormData();
    s.raw.form.forEach((v, k) => {
      if (k !== 'group') form.append(k, v);
    });
    const { body, contentType } = await encodeMultipart(form, { model: ch.upstreamModel });
    return { url, method: 'POST', headers: Object.assign(headers, { 'content-type': contentType }), body };
  },
  remixRequest(s, ch, upstreamId) {
    const body = soraJson(s.raw.kind === 'json' ? s.raw.body : { prompt: s.prompt }, ch.upstreamModel);
    const headers = { authorization: `Bearer ${ch.key}`, accept: 'application/json', 'content-type': 'application/json' };
    return { url: `${ch.base}/v1/videos/${encodeURIComponent(upstreamId)}/remix`, method: 'POST', headers, body };
  },
  parseSubmit(status, body) {
    if (status !== 200) return upstreamRefusal(status, body);
    const t = soraTask.safeParse(parseJsonText(body));
    if (!t.success) return { ok: false, status: 500, code: 'unmarshal_response_body_failed', message: 'the upstream answer is not a video task' };
    const id = t.data.id || t.data.task_id;
    return usableId(id) ? { ok: true, upstreamId: id } : { ok: false, status: 500, code: 'invalid_response', message: 'task_id is empty' };
  },
  async pollRequest(ch, upstreamId) {
    return { url: `${ch.base}/v1/videos/${encodeURIComponent(upstreamId)}`, method: 'GET', headers: { authorization: `Bearer ${ch.key}` } };
  },
  parsePoll(body): VideoPollResult | null {
    const t = soraTask.safeParse(parseJsonText(body));
    if (!t.success) return null;
    const status = STATUS[t.data.status.trim().toLowerCase()] ?? '';
    const progress = t.data.progress > 0 && t.data.progress < 100 ? `${Math.floor(t.data.progress)}%` : '';
    // The URL stays empty: the video is fetched through /v1/videos/{id}/content with the channel key.
    const reason = status === 'FAILURE' ? t.data.error?.message || 'task failed' : '';
    return { status, progress, url: '', reason };
  },
  contentRequest(ch, upstreamId) {
    return { url: `${ch.base}/v1/videos/${encodeURIComponent(upstreamId)}/content`, method: 'GET', headers: { authorization: `Bearer ${ch.key}` } };
  },
  openAiVideo(stored) {
    return stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? Object.assign({}, stored as Record<string, unknown>) : {};
  },
};
