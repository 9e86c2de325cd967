import type { AppServices } from '../../app-services.js';
import { goFixed2 } from '../../billing/consume-log.js';
import { logQuota } from '../../billing/format-quota.js';
import { newLog } from '../../billing/log-writer.js';
import { LOG_CONSUME, LOG_SYSTEM } from '../../db/rows.js';
import { TASK_KINDS, type TaskFields } from '../task-kinds.js';
import type { VideoPollResult } from './video-adapter.js';
import { applyOtherRatios } from './video-quota.js';
import { readPrivateData, readProperties, type VideoTaskRow } from './video-row.js';

/** A finished task's charge settled again: what it should have cost, and the difference to what it was charged. */
export interface VideoRebill {
  actual: number;
  /** actual − charged: more to charge when positive, to give back when negative */
  delta: number;
  tokens: number;
  modelRatio: number;
  groupRatio: number;
}

/**
 * new-api's settlement of a finished task (settleTaskBillingOnComplete → RecalculateTaskQuotaByTokens): a
 * task charged by its model's ratio (no per-call price) whose provider reports the tokens it used (Doubao
 * Seedance's usage.total_tokens) costs tokens × ModelRatio × GroupRatio × its other ratios, truncated, at the
 * ratios kept when it was submitted. Null: nothing to settle (a per-call task, no tokens reported, or a
 * result of 0, which new-api leaves as charged), or nothing to settle it by: a task stored before its submit
 * kept model_ratio, group_ratio and per_call_billing was charged the per-call fallback price whatever its
 * model's ratio, and its row keeps no group, so neither the ratio it would be settled at, nor whether it was
 * priced by ratio at all, is recorded anywhere; today's settings would be a guess, so its charge stands.
 */
export function videoRebill(row: Pick<VideoTaskRow, 'private_data' | 'quota'>, result: VideoPollResult): VideoRebill | null {
  const tokens = result.totalTokens ?? 0;
  if (result.status !== 'SUCCESS' || !Number.isSafeInteger(tokens) || tokens <= 0) return null;
  const bc = readPrivateData(row.private_data).billing_context;
  if (!bc || bc.per_call_billing !== false) return null;
  const modelRatio = bc.model_ratio ?? 0;
  const groupRatio = bc.group_ratio ?? -1;
  if (!(modelRatio > 0) || !(groupRatio >= 0)) return null;
  const actual = applyOtherRatios(tokens * modelRatio * groupRatio, bc.other_ratios ?? {});
  if (actual <= 0) return null;
  return { actual, delta: actual - row.quota, tokens, modelRatio, groupRatio };
}

/**
 * Finishes a task and settles its charge by `r` in one statement: the task moves to SUCCESS (only from an
 * unfinished status, so a task two polls finish is settled once) with its new quota, its charge row
 * follows, and the user and token pay or get back the difference, their used_quota and the channel's
 * with it (new-api UpdateChannelUsedQuota beside the user's). A charge already refunded, or none (a free
 * task), moves no money. Then one log row says why (new-api's reason text): a
 * consume row for more, a system row for what went back. Returns whether this call finished the task.
 */
export async function finishRebilled(app: AppServices, row: VideoTaskRow, fields: TaskFields, r: VideoRebill, nowMs = Date.now()): Promise<boolean> {
  const { sql } = app;
  const set = Object.assign({}, fields, { quota: r.actual });
  const [done] = await sql<{ id: number; user_id: number | null; token_id: number | null }[]>`
    WITH t AS (
      UPDATE ${sql(TASK_KINDS.video.table)} SET ${sql(set)}
      WHERE id = ${row.id} AND status NOT IN ('SUCCESS', 'FAILURE') RETURNING id
    ), c AS (
      UPDATE task_charges SET quota = ${r.actual}
      WHERE platform = 'video' AND task_ref IN (SELECT id FROM t) AND refunded_at = 0 AND quota > 0
      RETURNING user_id, token_id
    ), u AS (
      UPDATE users SET quota = users.quota - ${r.delta}, used_quota = users.used_quota + ${r.delta}
      FROM c WHERE users.id = c.user_id RETURNING users.id
    ), k AS (
      UPDATE tokens SET remain_quota = tokens.remain_quota - CASE WHEN tokens.unlimited_quota THEN 0 ELSE ${r.delta}::bigint END,
                        used_quota = tokens.used_quota + ${r.delta}
      FROM c WHERE tokens.id = c.token_id RETURNING tokens.id
    ), ch AS (
      UPDATE channels SET used_quota = channels.used_quota + ${r.delta}
      FROM c WHERE channels.id = ${row.channel_id} RETURNING channels.id
    )
    SELECT t.id, c.user_id, c.token_id FROM t LEFT JOIN c ON TRUE`;
  if (!done) return false;
  if (done.user_id !== null) await logRebill(app, row, r, done.user_id, done.token_id ?? 0, nowMs);
  return true;
}

async function logRebill(app: AppServices, row: VideoTaskRow, r: VideoRebill, userId: number, tokenId: number, nowMs: number): Promise<void> {
  if (r.delta < 0) app.invalidation.publish('user', userId);
  if (tokenId > 0) app.invalidation.publish('token', tokenId);
  const user = await app.users.get(userId).catch(() => null);
  const reason = `token重算：tokens=${r.tokens}, modelRatio=${goFixed2(r.modelRatio)}, groupRatio=${goFixed2(r.groupRatio)}`;
  const other = JSON.stringify({ task_id: row.task_id, pre_consumed_quota: row.quota, actual_quota: r.actual });
  const base = { user_id: userId, username: user?.username ?? '', created_at: Math.floor(nowMs / 1000), model_name: readProperties(row.properties).origin_model_name ?? '', channel_id: row.channel_id, token_id: tokenId, other };
  if (r.delta > 0) {
    app.dashboard.recordUsage(userId, base.username, base.model_name, base.created_at, r.delta, 0);
    if (app.options.bool('LogConsumeEnabled')) app.logs.add(newLog(Object.assign(base, { type: LOG_CONSUME, content: reason, quota: r.delta })));
    return;
  }
  const amount = logQuota(-r.delta, app.options.bool('DisplayInCurrencyEnabled'), app.options.number('QuotaPerUnit'));
  app.logs.add(newLog(Object.assign(base, { type: LOG_SYSTEM, content: `${reason}，退还 ${amount}`, quota: -r.delta })));
}
