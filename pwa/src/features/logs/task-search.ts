import { startOfToday } from '../../lib/time-format';

/** Drawing/task log URL state; page is 1-based in the URL, zero-based on the wire. Times are seconds, 0 = default. */
export interface TaskSearch {
  page: number;
  id: string;
  channel: string;
  start: number;
  end: number;
}

export const TASK_SEARCH_DEFAULTS: TaskSearch = { page: 1, id: '', channel: '', start: 0, end: 0 };

/** Drawing log: 30 days ago to one hour ahead. */
export function drawingDefaultRange(now = Date.now()): { start: number; end: number } {
  const s = Math.floor(now / 1000);
  return { start: s - 30 * 86400, end: s + 3600 };
}

/** Task log: from the start of today to one hour ahead. */
export function taskDefaultRange(now = new Date()): { start: number; end: number } {
  return { start: startOfToday(now), end: Math.floor(now.getTime() / 1000) + 3600 };
}
