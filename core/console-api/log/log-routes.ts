import { listLogs, listLogsWithChannel } from '../../db/repositories/logs.js';
import { requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { oneBasedPaging } from '../one-based-paging.js';
import { ok, type ApiResult } from '../envelope.js';
import { deleteHistoryLogs } from './delete-old-logs.js';
import { logsByKey } from './log-by-key.js';
import { ownLogs, readLogFilter, toLogJson, toUserLogJson } from './log-query.js';
import { adminLogSearch, selfLogSearch } from './log-search.js';
import { adminLogStat, selfLogStat } from './log-stat.js';

/** GET /api/log/ (admin): every filter; channel_name is filled from the channels table. Logs are read from LOG_SQL_DSN's database when set. */
async function adminList(c: ApiContext): Promise<ApiResult> {
  const { page, size } = oneBasedPaging(c);
  const { rows, total } = await listLogsWithChannel(c.app.db.logSql, c.app.sql, readLogFilter(c), { offset: (page - 1) * size, limit: size });
  return ok({ items: rows.map(toLogJson), total, page, page_size: size });
}

/** GET /api/log/self: the caller's rows only (username and channel are ignored), at most 100 per page. */
async function selfList(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const { page, size } = oneBasedPaging(c, 100);
  const { rows, total } = await listLogs(c.app.db.logSql, ownLogs(readLogFilter(c), me.id), { offset: (page - 1) * size, limit: size });
  return ok({ items: rows.map(toUserLogJson), total, page, page_size: size });
}

export const logRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/log/', access: 'admin', handler: adminList },
  { method: 'delete', path: '/api/log/', access: 'admin', handler: deleteHistoryLogs },
  { method: 'get', path: '/api/log/stat', access: 'admin', handler: adminLogStat },
  { method: 'get', path: '/api/log/self/stat', access: 'user', handler: selfLogStat },
  { method: 'get', path: '/api/log/search', access: 'admin', handler: adminLogSearch },
  { method: 'get', path: '/api/log/self', access: 'user', handler: selfList },
  { method: 'get', path: '/api/log/self/search', access: 'user', handler: selfLogSearch },
  { method: 'get', path: '/api/log/token', access: 'public', cors: true, handler: logsByKey },
];
