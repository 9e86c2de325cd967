import type { Sql } from '../../db/connect.js';
import type { TaskRow } from './suno-task-view.js';

/** The caller's task by its upstream id; another user's is not found (no IDOR through the id). */
export async function ownTask(sql: Sql, userId: number, taskId: string): Promise<TaskRow | null> {
  const [row] = await sql<TaskRow[]>`SELECT * FROM tasks WHERE user_id = ${userId} AND task_id = ${taskId} ORDER BY id DESC LIMIT 1`;
  return row ?? null;
}

/** The caller's tasks among the given upstream ids, oldest first. */
export function ownTasks(sql: Sql, userId: number, taskIds: string[]): Promise<TaskRow[]> {
  return sql<TaskRow[]>`SELECT * FROM tasks WHERE user_id = ${userId} AND task_id IN ${sql(taskIds)} ORDER BY id`;
}
