import { z } from 'zod';
import type { MidjourneyRow } from '../../tasks/midjourney/mj-task-view.js';
import { serverAddress } from '../../options/server-address.js';
import { requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { ok, type ApiResult } from '../envelope.js';
import { intParam, readQuery, textParam } from '../log/query-params.js';
import { TASK_PAGE_SIZE, taskPageOffset } from './task-page.js';

/** Timestamps are unix milliseconds here (the console sends Date.parse values), compared to submit_time. */
const mjQuery = z.object({ p: intParam, channel_id: intParam, mj_id: textParam, start_timestamp: intParam, end_timestamp: intParam });

async function listDrawings(c: ApiContext, userId: number | null): Promise<ApiResult> {
  const q = readQuery(c, mjQuery);
  const { sql } = c.app;
  const filters = [
    userId !== null ? sql`user_id = ${userId}` : sql`TRUE`,
    // Only the admin list filters by channel; the self list has no such parameter.
    userId === null && q.channel_id ? sql`channel_id = ${q.channel_id}` : sql`TRUE`,
    q.mj_id ? sql`mj_id = ${q.mj_id}` : sql`TRUE`,
    q.start_timestamp ? sql`submit_time >= ${q.start_timestamp}` : sql`TRUE`,
    q.end_timestamp ? sql`submit_time <= ${q.end_timestamp}` : sql`TRUE`,
  ].reduce((acc, f) => sql`${acc} AND ${f}`);
  const rows = await sql<MidjourneyRow[]>`
    SELECT * FROM midjourneys WHERE ${filters}
    ORDER BY id DESC LIMIT ${TASK_PAGE_SIZE} OFFSET ${taskPageOffset(q.p)}`;
  if (!c.app.options.bool('MjForwardUrlEnabled')) return ok(rows);
  // Images are served through this server (new-api rewrites every row, with or without an image yet).
  const base = serverAddress(c.app);
  return ok(rows.map((r) => ({ ...r, image_url: `${base}/mj/image/${r.mj_id}` })));
}

export const mjRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/mj/self', access: 'user', handler: (c) => listDrawings(c, requireUser(c).id) },
  { method: 'get', path: '/api/mj/', access: 'admin', handler: (c) => listDrawings(c, null) },
];
