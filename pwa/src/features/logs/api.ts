import type { Page } from '../../../../core/contracts/envelope';
import type { DrawingTask, GenericTask, LogEntry, LogStat } from '../../../../core/contracts/log';
import { api } from '../../lib/http-client';
import type { LogServerQuery } from './log-search';

/** Administrators read every user's logs; others their own (`/self`, transformed by the server). */
export const fetchLogs = (admin: boolean, query: LogServerQuery) =>
  api.get<Page<LogEntry>>(admin ? '/api/log/' : '/api/log/self/', query);

export const fetchLogStat = (admin: boolean, query: LogServerQuery) =>
  api.get<LogStat>(admin ? '/api/log/stat' : '/api/log/self/stat', query);

export interface TaskQuery {
  p: number;
  id: string;
  channel: string;
  start: number;
  end: number;
}

/** Drawing tasks: zero-based pages of 10, timestamps in milliseconds. */
export const fetchDrawingTasks = (admin: boolean, q: TaskQuery) =>
  api
    .get<DrawingTask[] | null>(admin ? '/api/mj/' : '/api/mj/self/', {
      p: q.p,
      mj_id: q.id,
      start_timestamp: q.start,
      end_timestamp: q.end,
      ...(admin ? { channel_id: q.channel } : {}),
    })
    .then((rows) => rows ?? []);

/** Generic tasks: zero-based pages of 10, timestamps in seconds. */
export const fetchGenericTasks = (admin: boolean, q: TaskQuery) =>
  api
    .get<GenericTask[] | null>(admin ? '/api/task/' : '/api/task/self', {
      p: q.p,
      task_id: q.id,
      start_timestamp: q.start,
      end_timestamp: q.end,
      ...(admin ? { channel_id: q.channel } : {}),
    })
    .then((rows) => rows ?? []);

export const fetchUserInfo = (id: number) =>
  api.get<{ username: string; quota: number; used_quota: number; request_count: number }>(`/api/user/${id}`);
