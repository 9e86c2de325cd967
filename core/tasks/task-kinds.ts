import type { Sql } from '../db/connect.js';

/** The task tables, the platform name their charges carry, and their refund log text (relay.md §4.3). */
export const TASK_KINDS = {
  mj: { table: 'midjourneys', refundLog: '构图失败' },
  suno: { table: 'tasks', refundLog: '异步任务执行失败' },
  video: { table: 'tasks', refundLog: '异步任务执行失败' },
} as const;
export type TaskKind = keyof typeof TASK_KINDS;

/** Column values of a task row (insert or update). */
export type TaskFields = Record<string, string | number>;

/** Who paid for a task and how much (0: nothing to refund). */
export interface TaskCharge {
  userId: number;
  tokenId: number;
  quota: number;
}

/**
 * Inserts a submitted task and, when it was charged, its task_charges row, in one statement: a task
 * that exists was always recorded with what it cost. Returns the row id.
 */
export async function insertTask(sql: Sql, kind: TaskKind, row: TaskFields, charge: TaskCharge, now = Date.now()): Promise<number> {
  const [inserted] = await sql<{ id: number }[]>`
    WITH t AS (INSERT INTO ${sql(TASK_KINDS[kind].table)} ${sql(row)} RETURNING id),
    c AS (
      INSERT INTO task_charges (platform, task_ref, user_id, token_id, quota, created_at)
      SELECT ${kind}, t.id, ${charge.userId}, ${charge.tokenId}, ${charge.quota}, ${Math.floor(now / 1000)} FROM t
      WHERE ${charge.quota}::bigint > 0
    )
    SELECT id FROM t`;
  return Number(inserted!.id);
}
