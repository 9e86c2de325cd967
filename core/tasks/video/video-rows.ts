import type { Sql } from '../../db/connect.js';
import type { VideoTaskRow } from './video-row.js';

/** The caller's task by its public id; another user's is not found (no IDOR through the id). */
export async function ownVideoTask(sql: Sql, userId: number, taskId: string): Promise<VideoTaskRow | null> {
  if (!taskId || taskId.length > 191) return null;
  const [row] = await sql<VideoTaskRow[]>`SELECT * FROM tasks WHERE user_id = ${userId} AND task_id = ${taskId} ORDER BY id DESC LIMIT 1`;
  return row ?? null;
}
