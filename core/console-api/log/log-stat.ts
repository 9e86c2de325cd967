import { sumLogStat } from '../../db/repositories/logs.js';
import { requireUser, type ApiContext } from '../api-context.js';
import { ok, type ApiResult } from '../envelope.js';
import { ownLogs, readLogFilter } from './log-query.js';

const now = () => Math.floor(Date.now() / 1000);

/** GET /api/log/stat (admin): every filter, username and channel included. */
export async function adminLogStat(c: ApiContext): Promise<ApiResult> {
  return ok(await sumLogStat(c.app.db.logSql, readLogFilter(c), now()));
}

/**
 * GET /api/log/self/stat: the caller's consume logs. new-api matches the caller's username; we match the
 * user id, which is the same set unless a username was reused, and then never counts another user's rows.
 */
export async function selfLogStat(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  return ok(await sumLogStat(c.app.db.logSql, ownLogs(readLogFilter(c), me.id, true), now()));
}
