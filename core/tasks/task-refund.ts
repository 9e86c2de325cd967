import type { AppServices } from '../app-services.js';
import { logQuota } from '../billing/format-quota.js';
import { newLog } from '../billing/log-writer.js';
import { LOG_SYSTEM } from '../db/rows.js';
import { TASK_KINDS, type TaskFields, type TaskKind } from './task-kinds.js';

/**
 * Fails an unfinished task and credits what its submit charged back to the user and the token, in one
 * statement: the status moves to FAILURE only from an unfinished status, and the charge is credited only
 * while task_charges says it has not been, so a task failed twice (two polls, two nodes, a timeout racing
 * a poll) is refunded once. used_quota goes back too, unclamped: the charge's own increment may still be
 * in a counter batch.
 */
export async function failTask(app: AppServices, kind: TaskKind, id: number, upstreamId: string, fields: TaskFields, now = Date.now()): Promise<void> {
  const { sql } = app;
  const set = { ...fields, status: 'FAILURE', progress: '100%' };
  const [row] = await sql<{ id: number; user_id: number | null; token_id: number | null; quota: number | null }[]>`
    WITH t AS (
      UPDATE ${sql(TASK_KINDS[kind].table)} SET ${sql(set)}
      WHERE id = ${id} AND status NOT IN ('SUCCESS', 'FAILURE') RETURNING id
    ), c AS (
      UPDATE task_charges SET refunded_at = ${Math.floor(now / 1000)}
      WHERE platform = ${kind} AND task_ref IN (SELECT id FROM t) AND refunded_at = 0 AND quota > 0
      RETURNING user_id, token_id, quota
    ), u AS (
      UPDATE users SET quota = users.quota + c.quota, used_quota = users.used_quota - c.quota
      FROM c WHERE users.id = c.user_id RETURNING users.id
    ), k AS (
      UPDATE tokens SET remain_quota = tokens.remain_quota + CASE WHEN tokens.unlimited_quota THEN 0 ELSE c.quota END,
                        used_quota = tokens.used_quota - c.quota
      FROM c WHERE tokens.id = c.token_id RETURNING tokens.id
    )
    SELECT t.id, c.user_id, c.token_id, c.quota FROM t LEFT JOIN c ON TRUE`;
  if (row && row.user_id !== null && row.quota !== null) await afterRefund(app, kind, upstreamId, row.user_id, row.token_id ?? 0, row.quota);
}

/** The caches learn the new balances; a system log tells the user (new-api's text). */
async function afterRefund(app: AppServices, kind: TaskKind, upstreamId: string, userId: number, tokenId: number, quota: number): Promise<void> {
  app.invalidation.publish('user', userId);
  if (tokenId > 0) app.invalidation.publish('token', tokenId);
  const amount = logQuota(quota, app.options.bool('DisplayInCurrencyEnabled'), app.options.number('QuotaPerUnit'));
  const user = await app.users.get(userId).catch(() => null);
  app.logs.add(newLog({ type: LOG_SYSTEM, user_id: userId, username: user?.username ?? '', content: `${TASK_KINDS[kind].refundLog} ${upstreamId}，补偿 ${amount}` }));
}
