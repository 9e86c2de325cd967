import { z } from 'zod';
import { parseJsonText } from '../../tasks/parse-json-text.js';
import type { TaskRow } from '../../tasks/suno/suno-task-view.js';
import { requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { ok, type ApiResult } from '../envelope.js';
import { intParam, readQuery, textParam } from '../log/query-params.js';
import { TASK_PAGE_SIZE, taskPageOffset } from './task-page.js';

/** new-api's Task JSON: properties is the object {input}, data the stored JSON itself (null when empty). */
function toTaskJson(row: TaskRow, hideChannel: boolean) {
  const props = parseJsonText(row.properties);
  const input = props && typeof props === 'object' && 'input' in props && typeof props.input === 'string' ? props.input : '';
  // private_data (a video task's upstream id and URLs) is never shown, as in new-api (json:"-")
  const { private_data: _hidden, ...shown } = row as TaskRow & { private_data?: string };
  return {
    ...shown,
    channel_id: hideChannel ? 0 : row.channel_id,
    properties: { input },
    data: parseJsonText(row.data),
  };
}

/** Task timestamps are unix seconds, compared to submit_time. */
const taskQuery = z.object({
  p: intParam,
  channel_id: intParam,
  task_id: textParam,
  platform: textParam,
  status: textParam,
  action: textParam,
  start_timestamp: intParam,
  end_timestamp: intParam,
});

async function listTasks(c: ApiContext, userId: number | null): Promise<ApiResult> {
  const q = readQuery(c, taskQuery);
  const { sql } = c.app;
  const filters = [
    userId !== null ? sql`user_id = ${userId}` : sql`TRUE`,
    // new-api's admin list drops channel_id before querying (a bug: the console offers the filter); we apply it.
    userId === null && q.channel_id ? sql`channel_id = ${q.channel_id}` : sql`TRUE`,
    q.task_id ? sql`task_id = ${q.task_id}` : sql`TRUE`,
    q.platform ? sql`platform = ${q.platform}` : sql`TRUE`,
    q.status ? sql`status = ${q.status}` : sql`TRUE`,
    q.action ? sql`action = ${q.action}` : sql`TRUE`,
    q.start_timestamp ? sql`submit_time >= ${q.start_timestamp}` : sql`TRUE`,
    q.end_timestamp ? sql`submit_time <= ${q.end_timestamp}` : sql`TRUE`,
  ].reduce((acc, f) => sql`${acc} AND ${f}`);
  const rows = await sql<TaskRow[]>`
    SELECT * FROM tasks WHERE ${filters} ORDER BY id DESC LIMIT ${TASK_PAGE_SIZE} OFFSET ${taskPageOffset(q.p)}`;
  // The self list omits channel_id (it reads as 0), as new-api's query does.
  return ok(rows.map((r) => toTaskJson(r, userId !== null)));
}

export const taskRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/task/self', access: 'user', handler: (c) => listTasks(c, requireUser(c).id) },
  { method: 'get', path: '/api/task/', access: 'admin', handler: (c) => listTasks(c, null) },
];
