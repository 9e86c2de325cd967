import type { Sql } from '../../db/connect.js';
import type { LogRow } from '../../db/rows.js';
import type { ApiContext } from '../api-context.js';

export interface LogFilter {
  type: number;
  userId?: number;
  username?: string;
  tokenName?: string;
  modelName?: string;
  start?: number;
  end?: number;
  channel?: number;
  group?: string;
}

/** Reads the log filters a caller may use; admins additionally filter by username and channel. */
export function readLogFilter(c: ApiContext, admin: boolean): LogFilter {
  const q = c.query;
  const num = (name: string) => {
    const v = Number(q.get(name));
    return q.get(name) && Number.isFinite(v) && v !== 0 ? v : undefined;
  };
  const str = (name: string) => q.get(name) || undefined;
  return {
    type: num('type') ?? 0,
    ...(admin ? { username: str('username'), channel: num('channel') } : {}),
    tokenName: str('token_name'),
    modelName: str('model_name'),
    start: num('start_timestamp'),
    end: num('end_timestamp'),
    group: str('group'),
  };
}

export function whereLogs(sql: Sql, f: LogFilter) {
  const parts = [sql`TRUE`];
  if (f.type) parts.push(sql`type = ${f.type}`);
  if (f.userId !== undefined) parts.push(sql`user_id = ${f.userId}`);
  if (f.username) parts.push(sql`username = ${f.username}`);
  if (f.tokenName) parts.push(sql`token_name = ${f.tokenName}`);
  if (f.modelName) parts.push(sql`model_name LIKE ${f.modelName}`);
  if (f.start) parts.push(sql`created_at >= ${f.start}`);
  if (f.end) parts.push(sql`created_at <= ${f.end}`);
  if (f.channel) parts.push(sql`channel_id = ${f.channel}`);
  if (f.group) parts.push(sql`"group" = ${f.group}`);
  return parts.reduce((acc, p) => sql`${acc} AND ${p}`);
}

/** new-api's log JSON: channel_id travels as `channel`, channel_name is filled for admins. */
export function toLogJson(row: LogRow & { channel_name?: string | null }) {
  const { channel_id, ...rest } = row;
  return { ...rest, channel: channel_id, channel_name: row.channel_name ?? '' };
}

/** The privacy transform for non-admin readers (spec console-api.md §8.2). */
export function toUserLogJson(row: LogRow) {
  let other = 'null';
  try {
    const parsed = JSON.parse(row.other) as Record<string, unknown> | null;
    if (parsed && typeof parsed === 'object') {
      delete parsed.admin_info;
      other = JSON.stringify(parsed);
    }
  } catch {
    other = 'null';
  }
  return { ...toLogJson(row), id: row.id % 1024, channel_name: '', other };
}
