import { z } from 'zod';
import type { LogFilter } from '../../db/repositories/logs.js';
import type { LogRow } from '../../db/rows.js';
import type { ApiContext } from '../api-context.js';
import { intParam, readQuery, textParam } from './query-params.js';

const logQuery = z.object({
  type: intParam,
  username: textParam,
  token_name: textParam,
  model_name: textParam,
  start_timestamp: intParam,
  end_timestamp: intParam,
  channel: intParam,
  group: textParam,
});

/** Every log filter in the query string; zero and empty values mean "not set", as in new-api. */
export function readLogFilter(c: ApiContext): LogFilter {
  const q = readQuery(c, logQuery);
  return {
    type: q.type,
    username: q.username || undefined,
    tokenName: q.token_name || undefined,
    modelName: q.model_name || undefined,
    start: q.start_timestamp || undefined,
    end: q.end_timestamp || undefined,
    channel: q.channel || undefined,
    group: q.group || undefined,
  };
}

/**
 * Narrows a filter to one user's rows. Whatever the caller sent, the username filter is dropped and the
 * user id fixed, so no parameter can reach another user's rows. `channel` is dropped unless the route
 * allows it (new-api's self stat accepts it; the self list does not).
 */
export function ownLogs(f: LogFilter, userId: number, keepChannel = false): LogFilter {
  return { ...f, username: undefined, channel: keepChannel ? f.channel : undefined, userId };
}

/** new-api's log JSON: channel_id travels as `channel`; channel_name is filled only by the admin list. */
export function toLogJson(row: LogRow & { channel_name?: string | null }) {
  const { channel_id, ...rest } = row;
  return { ...rest, channel: channel_id, channel_name: row.channel_name ?? '' };
}

/** The privacy transform for non-admin readers (spec console-api.md §8.2). */
export function toUserLogJson(row: LogRow) {
  let other = 'null';
  try {
    const parsed = JSON.parse(row.other) as Record<string, unknown> | null;
    // new-api decodes into a map: anything but a JSON object comes back as "null".
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      delete parsed.admin_info;
      other = JSON.stringify(parsed);
    }
  } catch {
    other = 'null';
  }
  return { ...toLogJson(row), id: row.id % 1024, channel_name: '', other };
}
