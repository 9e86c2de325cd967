import type { Sql } from '../../db/connect.js';
import { LOG_CONSUME } from '../../db/rows.js';
import { requireUser, type ApiContext } from '../api-context.js';
import { ok, type ApiResult } from '../envelope.js';
import { ownLogs, readLogFilter, whereLogs, type LogFilter } from './log-query.js';

export interface LogStat {
  quota: number;
  rpm: number;
  tpm: number;
}

/**
 * new-api's SumUsedQuota: quota over consume logs with every filter (the `type` parameter is ignored);
 * rpm and tpm over consume logs of the last 60 seconds with the same filters but without the caller's
 * time range.
 */
export async function sumLogStat(sql: Sql, f: LogFilter, nowSeconds: number): Promise<LogStat> {
  const all = whereLogs(sql, { ...f, type: LOG_CONSUME });
  const recent = whereLogs(sql, { ...f, type: LOG_CONSUME, start: nowSeconds - 60, end: undefined });
  const [[q], [r]] = await Promise.all([
    sql<{ quota: number }[]>`SELECT COALESCE(SUM(quota), 0)::bigint AS quota FROM logs WHERE ${all}`,
    sql<{ rpm: number; tpm: number }[]>`
      SELECT count(*)::bigint AS rpm, COALESCE(SUM(prompt_tokens) + SUM(completion_tokens), 0)::bigint AS tpm
      FROM logs WHERE ${recent}`,
  ]);
  return { quota: q?.quota ?? 0, rpm: r?.rpm ?? 0, tpm: r?.tpm ?? 0 };
}

const now = () => Math.floor(Date.now() / 1000);

/** GET /api/log/stat (admin): every filter, username and channel included. */
export async function adminLogStat(c: ApiContext): Promise<ApiResult> {
  return ok(await sumLogStat(c.app.sql, readLogFilter(c), now()));
}

/**
 * GET /api/log/self/stat: the caller's consume logs. new-api matches the caller's username; we match the
 * user id, which is the same set unless a username was reused, and then never counts another user's rows.
 */
export async function selfLogStat(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  return ok(await sumLogStat(c.app.sql, ownLogs(readLogFilter(c), me.id, true), now()));
}
