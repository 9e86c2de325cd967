import type { ChannelActor } from '../../actors/channel-actor.js';
import type { Reservation } from '../../billing/quota-ledger.js';
import { settleTask, taskLogContent, type TaskBill } from '../task-billing.js';
import { retryableStatus, tryTaskChannels } from '../task-channel.js';
import type { TaskContext } from '../task-context.js';
import { insertTask } from '../task-kinds.js';
import { callMjUpstream } from './call-mj-upstream.js';
import { MJ_ERROR_UNKNOWN, MJ_REQUEST_ERROR, mjError } from './mj-error.js';
import { mjSubmitAnswer, mjSubmitOutcome } from './mj-submit-outcome.js';

export interface MjSubmission {
  bill: TaskBill;
  reservation: Reservation;
  action: string;
  body: Record<string, unknown>;
  upstreamPath: string;
  /** the channel it must go to (the earlier task's, or an admin pin); null: any of the model's */
  channel: ChannelActor | null;
  /** recorded on the task */
  prompt: string;
  startedAt: number;
}

/**
 * Sends a checked, reserved submit and records the answer as a task. Only a taken task (code 1, 21 or 22
 * on HTTP 200) is charged; no answer or a garbage one records nothing and costs nothing.
 */
export async function forwardMjSubmit(ctx: TaskContext, s: MjSubmission): Promise<void> {
  const { app } = ctx;
  const { bill, action } = s;
  const sent = await tryTaskChannels(
    app,
    { group: bill.group, model: bill.model, only: s.channel },
    (ch) => callMjUpstream(ctx, ch, s.upstreamPath, s.body),
    (a) => retryableStatus(a.status),
  ).catch(() => {
    throw mjError(MJ_ERROR_UNKNOWN, 'do_request_failed');
  });
  const answer = mjSubmitAnswer.safeParse(sent.answer.json);
  if (!answer.success) throw mjError(MJ_ERROR_UNKNOWN, sent.answer.empty ? 'empty_response_body' : 'unmarshal_response_body_failed');
  const now = Date.now();
  const outcome = mjSubmitOutcome(sent.answer.status, answer.data, action, now);
  const quota = outcome.accepted ? bill.quota : 0;
  const { caller } = bill;
  const row = { ...outcome.row, user_id: caller.user.id, action, prompt: s.prompt, submit_time: now, channel_id: sent.channel.id, quota };
  await insertTask(app.sql, 'mj', row, { userId: caller.user.id, tokenId: caller.token.id, quota }, now).catch((e: unknown) => {
    app.log.error('could not record a Midjourney task', { error: String(e) });
    throw mjError(MJ_REQUEST_ERROR, 'insert_midjourney_task_failed');
  });
  if (outcome.accepted) {
    // new-api names the task in the log, except for a face swap
    const content = taskLogContent(bill.price, action, action === 'SWAP_FACE' ? undefined : outcome.row.mj_id);
    await settleTask(app, bill, s.reservation, sent.channel.id, content, s.startedAt);
  }
  ctx.ex.json(sent.answer.status, outcome.clientBody);
}
