import { z } from 'zod';
import { searchLogs, userLogsOfType } from '../../db/repositories/logs.js';
import { requireUser, type ApiContext } from '../api-context.js';
import { ok, type ApiResult } from '../envelope.js';
import { toLogJson, toUserLogJson } from './log-query.js';
import { readQuery, textParam } from './query-params.js';

/** new-api's MaxRecentItems: searches return the newest 100 rows, unpaginated. */
const RECENT = 100;

const searchQuery = z.object({ keyword: textParam });

/** The keyword as a log type, when it is one (new-api compares `type = keyword`). */
const asType = (keyword: string): number | null => (/^\d{1,9}$/.test(keyword) ? Number(keyword) : null);

/**
 * GET /api/log/search (admin): `type = keyword OR content LIKE 'keyword%'`. Unlike new-api the keyword's
 * % and _ are escaped, so it is a literal prefix: a crafted pattern cannot force a costly scan
 * (reliability-security.md S14).
 */
export async function adminLogSearch(c: ApiContext): Promise<ApiResult> {
  const { keyword } = readQuery(c, searchQuery);
  const rows = await searchLogs(c.app.db.logSql, { type: asType(keyword) ?? -1, contentPrefix: keyword, limit: RECENT });
  return ok(rows.map(toLogJson));
}

/** GET /api/log/self/search: the caller's rows of type = keyword, transformed for users. */
export async function selfLogSearch(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const type = asType(readQuery(c, searchQuery).keyword);
  if (type === null) return ok([]);
  const rows = await userLogsOfType(c.app.db.logSql, me.id, type, RECENT);
  return ok(rows.map(toUserLogJson));
}
