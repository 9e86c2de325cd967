import { z } from 'zod';
import { requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { intParam, readQuery, textParam } from '../log/query-params.js';

interface QuotaDataRow {
  id: number;
  user_id: number;
  username: string;
  model_name: string;
  created_at: number;
  token_used: number;
  count: number;
  quota: number;
}

/** /api/data/self may span at most 30 days (new-api: end − start > 2592000 is refused). */
const MAX_SELF_SPAN = 2_592_000;

/** Missing timestamps are 0, so without them only rows at created_at 0 match, as in new-api. */
const dataQuery = z.object({ username: textParam, start_timestamp: intParam, end_timestamp: intParam });

/**
 * GET /api/data/ (admin). With `username`: that user's raw rows. Without: rows summed per (model_name,
 * hour) over all users, with id, user_id and username zeroed, as new-api's GROUP BY leaves them.
 */
async function allQuotaData(c: ApiContext): Promise<ApiResult> {
  const q = readQuery(c, dataQuery);
  const { sql } = c.app;
  if (q.username) {
    return ok(await sql<QuotaDataRow[]>`
      SELECT * FROM quota_data
      WHERE username = ${q.username} AND created_at >= ${q.start_timestamp} AND created_at <= ${q.end_timestamp}
      ORDER BY created_at, id`);
  }
  return ok(await sql<QuotaDataRow[]>`
    SELECT 0::bigint AS id, 0::bigint AS user_id, '' AS username, model_name, created_at,
           SUM(token_used)::bigint AS token_used, SUM(count)::bigint AS count, SUM(quota)::bigint AS quota
    FROM quota_data WHERE created_at >= ${q.start_timestamp} AND created_at <= ${q.end_timestamp}
    GROUP BY model_name, created_at ORDER BY created_at, model_name`);
}

/** GET /api/data/self: the caller's own rows (by user id), over at most 30 days. */
async function selfQuotaData(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const q = readQuery(c, dataQuery);
  if (q.end_timestamp - q.start_timestamp > MAX_SELF_SPAN) return fail('时间跨度不能超过 1 个月');
  return ok(await c.app.sql<QuotaDataRow[]>`
    SELECT * FROM quota_data
    WHERE user_id = ${me.id} AND created_at >= ${q.start_timestamp} AND created_at <= ${q.end_timestamp}
    ORDER BY created_at, id`);
}

export const dataRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/data/', access: 'admin', handler: allQuotaData },
  { method: 'get', path: '/api/data/self', access: 'user', handler: selfQuotaData },
];
