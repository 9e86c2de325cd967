import type { TaskFields } from '../task-kinds.js';
import type { VideoPollResult } from './video-adapter.js';
import { readPrivateData, type VideoTaskRow } from './video-row.js';

const DEFAULT_PROGRESS: Record<string, string> = { SUBMITTED: '10%', QUEUED: '20%', IN_PROGRESS: '30%', SUCCESS: '100%', FAILURE: '100%' };

/**
 * What one poll answer changes on a video task (new-api updateVideoSingleTask): the status with its
 * progress (the upstream's own progress wins), start and finish times set once, the answer kept as data,
 * the video URL kept privately (or, when the provider serves it itself, this gateway's content URL),
 * and a failure's reason. An answer without a status fails the task. Null: nothing changes.
 */
export function videoPollUpdate(row: VideoTaskRow, r: VideoPollResult, answer: string, nowSec: number, contentUrl: string): { update: TaskFields; failed: boolean } | null {
  const result: VideoPollResult = r.status ? r : { status: 'FAILURE', progress: '100%', url: '', reason: 'upstream returned empty status' };
  const failed = result.status === 'FAILURE';
  const done = failed || result.status === 'SUCCESS';
  const priv = readPrivateData(row.private_data);
  if (result.status === 'SUCCESS' && !result.url.startsWith('data:')) priv.result_url = result.url || contentUrl;
  const update: TaskFields = {
    status: result.status,
    progress: done ? '100%' : result.progress || DEFAULT_PROGRESS[result.status]!,
    start_time: row.start_time || (result.status === 'IN_PROGRESS' || done ? nowSec : 0),
    finish_time: row.finish_time || (done ? nowSec : 0),
    fail_reason: failed ? result.reason : row.fail_reason,
    data: answer,
    private_data: JSON.stringify(priv),
  };
  const changed = Object.keys(update).some((k) => update[k] !== (row as unknown as Record<string, unknown>)[k]);
  return changed ? { update: Object.assign(update, { updated_at: nowSec }), failed } : null;
}
