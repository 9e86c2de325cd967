import { startOfToday } from '../../lib/time-format';

/** Usage-log table state, as it lives in the URL. Timestamps are Unix seconds; 0 = default. */
export interface LogSearch {
  page: number;
  size: number;
  type: number;
  token_name: string;
  model_name: string;
  group: string;
  start: number;
  end: number;
  username: string;
  channel: string;
}

export const LOG_SEARCH_DEFAULTS: Omit<LogSearch, 'size'> = {
  page: 1,
  type: 0,
  token_name: '',
  model_name: '',
  group: '',
  start: 0,
  end: 0,
  username: '',
  channel: '',
};

/** Default range: from the start of today to one hour ahead of now. */
export function defaultLogRange(now = new Date()): { start: number; end: number } {
  return { start: startOfToday(now), end: Math.floor(now.getTime() / 1000) + 3600 };
}

/** URL state → query of /api/log/self (or /api/log/ for administrators, who may also filter user and channel). */
export function logServerQuery(search: LogSearch, admin: boolean, now = new Date()) {
  const range = defaultLogRange(now);
  return {
    p: search.page,
    page_size: search.size,
    type: search.type,
    token_name: search.token_name,
    model_name: search.model_name,
    group: search.group,
    start_timestamp: search.start || range.start,
    end_timestamp: search.end || range.end,
    ...(admin ? { username: search.username, channel: search.channel } : {}),
  };
}

export type LogServerQuery = ReturnType<typeof logServerQuery>;
