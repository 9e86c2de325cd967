import { z } from 'zod';
import { parseJsonText } from '../parse-json-text.js';
import { isNewApiKey, klingBearer } from './kling-jwt.js';
import { upstreamRefusal, usableId, type VideoHttpRequest, type VideoSubmit, type VideoTaskAdapter, type VideoTaskStatus } from './video-adapter.js';

const klingAnswer = z.looseObject({
  code: z.number().catch(-1),
  message: z.string().catch(''),
  data: z
    .looseObject({
      task_id: z.string().catch(''),
      task_status: z.string().catch(''),
      task_status_msg: z.string().catch(''),
      task_result: z.looseObject({ videos: z.array(z.looseObject({ url: z.string().catch('') })).catch([]) }).nullish(),
    })
    .nullish(),
});

const STATUS: Record<string, VideoTaskStatus> = { submitted: 'SUBMITTED', processing: 'IN_PROGRESS', succeed: 'SUCCESS', failed: 'FAILURE' };

/** Kling's aspect ratio for an OpenAI size; anything else is square (new-api getAspectRatio). */
function aspectRatio(size: string): string {
  if (size === '1280x720' || size === '1920x1080') return '16:9';
  if (size === '720x1280' || size === '1080x1920') return '9:16';
  return '1:1';
}

/** image2video when the request has an image, text2video otherwise; polls use the same path. */
const pathOf = (action: string) => (action === 'generate' ? '/v1/videos/image2video' : '/v1/videos/text2video');
const baseOf = (base: string, key: string) => (isNewApiKey(key) ? `${base}/kling` : base);

async function headers(key: string, now: number, json: boolean): Promise<Record<string, string>> {
  const token = await klingBearer(key, now);
  if (token === null) throw new Error('invalid api_key, required format is accessKey|secretKey');
  const h: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}`, 'user-agent': 'kling-sdk/1.0' };
  if (json) h['content-type'] = 'application/json';
  return h;
}

/** new-api's Kling body: defaults (std, 5 s, cfg 0.5), model written as model_name and model, metadata over all. */
export function klingBody(s: VideoSubmit, upstreamModel: string): Record<string, unknown> {
  const model = upstreamModel || 'kling-v1';
  return Object.assign(
    {
      prompt: s.prompt,
      ...(s.images[0] ? { image: s.images[0] } : {}),
      mode: s.mode.trim() || 'std',
      duration: String(s.seconds || 5),
      aspect_ratio: aspectRatio(s.size),
      model_name: model,
      model,
      cfg_scale: 0.5,
    },
    s.metadata,
  );
}

/** Kling (type 50): JWT-signed JSON to /v1/videos/{text2video,image2video}, polled by id. */
export const klingVideo: VideoTaskAdapter = {
  action: (s) => (s.images.length > 0 || typeof s.metadata.image === 'string' || typeof s.metadata.image_tail === 'string' ? 'generate' : 'textGenerate'),
  ratios: () => ({}),
  async submitRequest(s, ch, now): Promise<VideoHttpRequest> {
    return { url: `${baseOf(ch.base, ch.key)}${pathOf(this.action(s))}`, method: 'POST', headers: await headers(ch.key, now, true), body: JSON.stringify(klingBody(s, ch.upstreamModel)) };
  },
  parseSubmit(status, body) {
    if (status !== 200) return upstreamRefusal(status, body);
    const a = klingAnswer.safeParse(parseJsonText(body));
    if (!a.success) return { ok: false, status: 500, code: 'unmarshal_response_failed', message: 'the upstream answer is not a Kling task' };
    if (a.data.code !== 0) return { ok: false, status: 400, code: 'task_failed', message: a.data.message };
    const id = a.data.data?.task_id;
    return usableId(id) ? { ok: true, upstreamId: id } : { ok: false, status: 500, code: 'invalid_response', message: 'task_id is empty' };
  },
  async pollRequest(ch, upstreamId, task, now) {
    return { url: `${baseOf(ch.base, ch.key)}${pathOf(task.action)}/${encodeURIComponent(upstreamId)}`, method: 'GET', headers: await headers(ch.key, now, false) };
  },
  parsePoll(body) {
    const a = klingAnswer.safeParse(parseJsonText(body));
    const d = a.success ? a.data.data : null;
    const status = d ? STATUS[d.task_status] : undefined;
    if (!d || !status) return null;
    return { status, progress: '', url: d.task_result?.videos[0]?.url ?? '', reason: d.task_status_msg };
  },
};
