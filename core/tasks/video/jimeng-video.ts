import { z } from 'zod';
import { parseJsonText } from '../parse-json-text.js';
import { isNewApiKey } from './kling-jwt.js';
import { upstreamRefusal, usableId, type VideoHttpRequest, type VideoSubmit, type VideoTaskAdapter } from './video-adapter.js';
import { visualApiHeaders } from '../../providers/volcengine/volc-sign.js';

const answer = z.looseObject({
  code: z.number().catch(-1),
  message: z.string().catch(''),
  data: z.looseObject({ task_id: z.string().catch(''), status: z.string().catch(''), video_url: z.string().catch('') }).nullish().catch(null),
});

const SUBMIT = 'Action=CVSync2AsyncSubmitTask&Version=2022-08-31';
const RESULT = 'Action=CVSync2AsyncGetResult&Version=2022-08-31';
const OK = 10000;

/**
 * Jimeng 3.0's req_key follows the images (new-api resolveJimengReqKey): `jimeng_v30…` becomes the
 * text, first-frame or first-and-last-frame variant (the image ones without a trailing `p`); 3.0 pro has
 * one key; any other req_key is used as it is.
 */
export function jimengReqKey(reqKey: string, images: number): string {
  if (!reqKey.includes('jimeng_v30')) return reqKey;
  if (reqKey === 'jimeng_v30_pro') return 'jimeng_ti2v_v30_pro';
  if (images > 1) return reqKey.replace('jimeng_v30', 'jimeng_i2v_first_tail_v30').replace(/p$/, '');
  if (images === 1) return reqKey.replace('jimeng_v30', 'jimeng_i2v_first_v30').replace(/p$/, '');
  return reqKey.replace('jimeng_v30', 'jimeng_t2v_v30');
}

const imagesOf = (action: string): number => (action === 'firstTailGenerate' ? 2 : action === 'generate' ? 1 : 0);

/** new-api's Jimeng body: 121 frames (5 s) or 241 (10 s), URLs or base64 images, metadata over all. */
export function jimengBody(s: VideoSubmit, upstreamModel: string): Record<string, unknown> {
  const images = s.images.length ? (s.images[0]!.startsWith('http') ? { image_urls: s.images } : { binary_data_base64: s.images }) : {};
  const body: Record<string, unknown> = Object.assign({ req_key: upstreamModel, ...images, prompt: s.prompt, seed: 0, aspect_ratio: '', frames: s.seconds === 10 ? 241 : 121 }, s.metadata);
  const count = Math.max(s.images.length, Array.isArray(body.image_urls) ? body.image_urls.length : 0, Array.isArray(body.binary_data_base64) ? body.binary_data_base64.length : 0);
  body.req_key = jimengReqKey(String(body.req_key), count);
  return body;
}

/** The call signed with the channel's `AK|SK` (Volcengine visual API: cn-north-1, cv), or to another new-api with its `sk-` key. */
function jimengCall(base: string, key: string, query: string, body: string, now: number): VideoHttpRequest {
  const relay = isNewApiKey(key);
  const url = `${base}${relay ? '/jimeng' : ''}/?${query}`;
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (relay) headers.authorization = `Bearer ${key}`;
  else Object.assign(headers, visualApiHeaders(url, key, body, now));
  return { url, method: 'POST', headers, body };
}

/** Jimeng (type 51): Volcengine visual CVSync2AsyncSubmitTask / CVSync2AsyncGetResult, signed per call. */
export const jimengVideo: VideoTaskAdapter = {
  action: (s) => (s.images.length > 1 ? 'firstTailGenerate' : s.images.length === 1 ? 'generate' : 'textGenerate'),
  ratios: () => ({}),
  async submitRequest(s, ch, now) {
    return jimengCall(ch.base, ch.key, SUBMIT, JSON.stringify(jimengBody(s, ch.upstreamModel)), now);
  },
  parseSubmit(status, body) {
    if (status !== 200) return upstreamRefusal(status, body);
    const a = answer.safeParse(parseJsonText(body));
    if (!a.success) return { ok: false, status: 500, code: 'unmarshal_response_body_failed', message: 'the upstream answer is not a Jimeng task' };
    if (a.data.code !== OK) return { ok: false, status: 500, code: String(a.data.code), message: a.data.message };
    const id = a.data.data?.task_id;
    return usableId(id) ? { ok: true, upstreamId: id } : { ok: false, status: 500, code: 'invalid_response', message: 'task_id is empty' };
  },
  async pollRequest(ch, upstreamId, task, now) {
    const reqKey = jimengReqKey(task.upstreamModel || 'jimeng_vgfm_t2v_l20', imagesOf(task.action));
    return jimengCall(ch.base, ch.key, RESULT, JSON.stringify({ req_key: reqKey, task_id: upstreamId }), now);
  },
  parsePoll(body) {
    const a = answer.safeParse(parseJsonText(body));
    if (!a.success) return null;
    if (a.data.code !== OK) return { status: 'FAILURE', progress: '100%', url: '', reason: a.data.message };
    const d = a.data.data;
    switch (d?.status) {
      case 'in_queue':
        return { status: 'QUEUED', progress: '10%', url: '', reason: '' };
      case 'generating':
        return { status: 'IN_PROGRESS', progress: '', url: '', reason: '' };
      case 'done':
        return { status: 'SUCCESS', progress: '100%', url: d.video_url, reason: '' };
      case 'not_found':
      case 'expired':
        return { status: 'FAILURE', progress: '100%', url: '', reason: d.status };
      default:
        return null;
    }
  },
};
