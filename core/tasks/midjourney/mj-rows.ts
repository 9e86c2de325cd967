import type { Sql } from '../../db/connect.js';
import type { MidjourneyRow } from './mj-task-view.js';

/** The caller's task by Midjourney id; another user's is not found (no IDOR through the id). */
export async function ownMjTask(sql: Sql, userId: number, mjId: string): Promise<MidjourneyRow | null> {
  const [row] = await sql<MidjourneyRow[]>`SELECT * FROM midjourneys WHERE user_id = ${userId} AND mj_id = ${mjId} ORDER BY id DESC LIMIT 1`;
  return row ?? null;
}

/** The caller's tasks among the given Midjourney ids, oldest first. */
export function ownMjTasks(sql: Sql, userId: number, mjIds: string[]): Promise<MidjourneyRow[]> {
  return sql<MidjourneyRow[]>`SELECT * FROM midjourneys WHERE user_id = ${userId} AND mj_id IN ${sql(mjIds)} ORDER BY id`;
}

/** Any user's task by Midjourney id (the image proxy checks the link's signature or the session itself). */
export async function mjTaskById(sql: Sql, mjId: string): Promise<MidjourneyRow | null> {
  const [row] = await sql<MidjourneyRow[]>`SELECT * FROM midjourneys WHERE mj_id = ${mjId} AND mj_id <> '' ORDER BY id DESC LIMIT 1`;
  return row ?? null;
}
