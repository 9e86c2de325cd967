import { parseJsonText } from '../parse-json-text.js';
import type { VideoTaskAdapter } from './video-adapter.js';
import { readProperties, resultUrl, type VideoTaskRow } from './video-row.js';

/** new-api TaskStatus.ToVideoStatus: the OpenAI video status of a task status. */
export function openAiVideoStatus(status: string): string {
  switch (status) {
    case 'QUEUED':
    case 'SUBMITTED':
      return 'queued';
    case 'IN_PROGRESS':
      return 'in_progress';
    case 'SUCCESS':
      return 'completed';
    case 'FAILURE':
      return 'failed';
    default:
      return 'unknown';
  }
}

const progressNumber = (p: string): number => {
  const n = Number.parseInt(p.replace(/%$/, ''), 10);
  return Number.isFinite(n) ? n : 0;
};

/** GET /v1/video/generations/:task_id — new-api TaskModel2Dto in `{code:"success", data}`; private data stays out. */
export function videoTaskDto(row: VideoTaskRow) {
  return {
    code: 'success',
    data: {
      id: row.id,
      created_at: row.created_at,
      updated_at: row.updated_at,
      task_id: row.task_id,
      platform: row.platform,
      user_id: row.user_id,
      group: '',
      channel_id: row.channel_id,
      quota: row.quota,
      action: row.action,
      status: row.status,
      fail_reason: row.fail_reason,
      result_url: resultUrl(row),
      submit_time: row.submit_time,
      start_time: row.start_time,
      finish_time: row.finish_time,
      progress: row.progress,
      properties: readProperties(row.properties),
      data: parseJsonText(row.data),
    },
  };
}

/**
 * GET /v1/videos/:task_id — the OpenAI video object. An adapter that stores OpenAI-shaped answers (Sora)
 * gives its stored object with this gateway's id, status and progress over it (new-api
 * ConvertToOpenAIVideo, where a not-yet-known status reads queued); the others get new-api's generic
 * Task.ToOpenAIVideo with the video URL in metadata.url. A failure carries its reason in error.message.
 */
export function openAiVideoView(row: VideoTaskRow, adapter: VideoTaskAdapter | null): Record<string, unknown> {
  const status = openAiVideoStatus(row.status);
  const progress = progressNumber(row.progress);
  const failure = row.status === 'FAILURE' && row.fail_reason ? row.fail_reason : '';
  const stored = adapter?.openAiVideo?.(parseJsonText(row.data));
  if (stored) {
    const out = Object.assign(stored, { id: row.task_id, status: status === 'unknown' ? 'queued' : status, progress });
    delete out.task_id;
    if (failure) out.error = Object.assign({}, typeof out.error === 'object' && out.error !== null ? out.error : {}, { message: failure });
    return out;
  }
  const url = resultUrl(row);
  const out: Record<string, unknown> = {
    id: row.task_id,
    object: 'video',
    model: readProperties(row.properties).origin_model_name ?? '',
    status,
    progress,
    created_at: row.created_at,
    completed_at: row.updated_at,
    metadata: { url: row.status === 'SUCCESS' ? url : '' },
  };
  if (failure) out.error = { message: failure, code: '' };
  return out;
}
