import type { LogRow } from '../../db/rows.js';
import { queryInt, requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { ok, type ApiResult } from '../envelope.js';
import { readLogFilter, toLogJson, toUserLogJson, whereLogs } from './log-query.js';

/** Page numbers are 1-based and clamped; page_size < 0 means 10 and 0 returns no rows, as in new-api. */
function paging(c: ApiContext, cap?: number) {
  const page = Math.max(1, queryInt(c, 'p', 1));
  let size = queryInt(c, 'page_size', 10);
  if (size < 0) size = 10;
  if (cap !== undefined) size = Math.min(size, cap);
  return { page, size };
}

async function adminList(c: ApiContext): Promise<ApiResult> {
  const { page, size } = paging(c);
  const where = whereLogs(c.app.sql, readLogFilter(c, true));
  const [rows, [count]] = await Promise.all([
    c.app.sql<(LogRow & { channel_name: string | null })[]>`
      SELECT logs.*, channels.name AS channel_name FROM logs LEFT JOIN channels ON channels.id = logs.channel_id
      WHERE ${where} ORDER BY logs.id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
    c.app.sql<{ n: number }[]>`SELECT count(*)::bigint AS n FROM logs WHERE ${where}`,
  ]);
  return ok({ items: rows.map(toLogJson), total: count?.n ?? 0, page, page_size: size });
}

async function selfList(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const { page, size } = paging(c, 100);
  const where = whereLogs(c.app.sql, { ...readLogFilter(c, false), userId: me.id });
  const [rows, [count]] = await Promise.all([
    c.app.sql<LogRow[]>`SELECT * FROM logs WHERE ${where} ORDER BY id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
    c.app.sql<{ n: number }[]>`SELECT count(*)::bigint AS n FROM logs WHERE ${where}`,
  ]);
  return ok({ items: rows.map(toUserLogJson), total: count?.n ?? 0, page, page_size: size });
}

export const logRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/log/', access: 'admin', handler: adminList },
  { method: 'get', path: '/api/log/self', access: 'user', handler: selfList },
];
