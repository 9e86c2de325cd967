import { z } from 'zod';
import { parseJsonText } from '../parse-json-text.js';
import { upstreamRefusal, usableId, type VideoPollResult, type VideoTaskAdapter } from './video-adapter.js';

const arkTask = z.looseObject({
  id: z.string().catch(''),
  status: z.string().catch(''),
  content: z.looseObject({ video_url: z.string().catch('') }).nullish().catch(null),
  error: z.looseObject({ message: z.string().catch('') }).nullish().catch(null),
  usage: z.looseObject({ total_tokens: z.number().catch(0) }).nullish().catch(null),
});

const PATH = '/api/v3/contents/generations/tasks';
const bearer = (key: string) => ({ accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${key}` });

/** Ark's statuses → new-api's, each with the progress new-api shows; an unknown one counts as running. */
function arkResult(status: string, videoUrl: string, error: string, totalTokens: number): VideoPollResult {
  switch (status) {
    case 'pending':
    case 'queued':
      return { status: 'QUEUED', progress: '10%', url: '', reason: '' };
    case 'processing':
      return { status: 'IN_PROGRESS', progress: '50%', url: '', reason: '' };
    case 'succeeded':
      // its usage: what a ratio-priced task is re-billed by (new-api reads it on success only)
      return { status: 'SUCCESS', progress: '100%', url: videoUrl, reason: '', totalTokens };
    case 'failed':
      return { status: 'FAILURE', progress: '100%', url: '', reason: error || 'task failed' };
    default:
      return { status: 'IN_PROGRESS', progress: '30%', url: '', reason: '' };
  }
}

/**
 * Doubao Seedance (type 54) on Volcengine Ark: `{model, content:[text, image_url…]}` to
 * /api/v3/contents/generations/tasks with the API key as bearer; polled by id.
 */
export const doubaoVideo: VideoTaskAdapter = {
  action: () => 'generate',
  ratios: () => ({}),
  async submitRequest(s, ch) {
    const content: Record<string, unknown>[] = [];
    if (s.prompt) content.push({ type: 'text', text: s.prompt });
    for (const url of s.images) content.push({ type: 'image_url', image_url: { url } });
    return { url: `${ch.base}${PATH}`, method: 'POST', headers: bearer(ch.key), body: JSON.stringify({ model: ch.upstreamModel, content }) };
  },
  parseSubmit(status, body) {
    if (status !== 200) return upstreamRefusal(status, body);
    const t = arkTask.safeParse(parseJsonText(body));
    if (!t.success) return { ok: false, status: 500, code: 'unmarshal_response_body_failed', message: 'the upstream answer is not a video task' };
    return usableId(t.data.id) ? { ok: true, upstreamId: t.data.id } : { ok: false, status: 500, code: 'invalid_response', message: 'task_id is empty' };
  },
  async pollRequest(ch, upstreamId) {
    return { url: `${ch.base}${PATH}/${encodeURIComponent(upstreamId)}`, method: 'GET', headers: bearer(ch.key) };
  },
  parsePoll(body) {
    const t = arkTask.safeParse(parseJsonText(body));
    if (!t.success) return null;
    return arkResult(t.data.status, t.data.content?.video_url ?? '', t.data.error?.message ?? '', t.data.usage?.total_tokens ?? 0);
  },
};
