import type { ChannelActor } from '../../actors/channel-actor.js';
import type { Reservation } from '../../billing/quota-ledger.js';
import { settleTask, taskLogContent, type TaskBill } from '../task-billing.js';
import { retryableStatus, tryTaskChannels } from '../task-channel.js';
import type { TaskContext } from '../task-context.js';
import { insertTask } from '../task-kinds.js';
import { callTaskUpstream, channelBase } from '../task-upstream.js';
import { sunoError } from './suno-error.js';
import type { SunoIntent } from './suno-intent.js';
import { sunoSubmitVerdict } from './suno-submit-answer.js';

const SUBMIT_TIMEOUT_MS = 60_000;

export interface SunoSubmission {
  bill: TaskBill;
  reservation: Reservation;
  intent: SunoIntent;
  /** the channel it must go to (the continued task's, or an admin pin); null: any of the model's */
  channel: ChannelActor | null;
  startedAt: number;
}

/** Sends a checked, reserved submit; only an answer naming a task records it and charges for it. */
export async function forwardSunoSubmit(ctx: TaskContext, s: SunoSubmission): Promise<void> {
  const { app } = ctx;
  const { bill, intent } = s;
  const sent = await tryTaskChannels(
    app,
    { group: bill.group, model: bill.model, only: s.channel },
    (ch) =>
      callTaskUpstream(ctx.upstream, {
        url: `${channelBase(ch)}/suno/submit/${intent.action}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${ch.nextKey()}` },
        body: JSON.stringify(intent.body),
        timeoutMs: SUBMIT_TIMEOUT_MS,
      }),
    (a) => retryableStatus(a.status),
  ).catch(() => {
    throw sunoError(500, 'do_request_failed', '请求上游地址失败');
  });
  const raw = sent.answer.body;
  const verdict = sunoSubmitVerdict(sent.answer.status, raw.toString('utf8'));
  if (!verdict.ok) throw sunoError(verdict.status, verdict.code, verdict.message);
  const now = Date.now();
  const at = Math.floor(now / 1000);
  const { caller } = bill;
  await insertTask(
    app.sql,
    'suno',
    {
      created_at: at,
      updated_at: at,
      task_id: verdict.taskId,
      platform: 'suno',
      user_id: caller.user.id,
      channel_id: sent.channel.id,
      quota: bill.quota,
      action: intent.action,
      status: 'NOT_START',
      submit_time: at,
      progress: '0%',
      properties: JSON.stringify({ input: intent.input }),
      data: '',
    },
    { userId: caller.user.id, tokenId: caller.token.id, quota: bill.quota },
    now,
  );
  await settleTask(app, bill, s.reservation, sent.channel.id, taskLogContent(bill.price, intent.action), s.startedAt);
  ctx.ex.send(200, raw, { 'Content-Type': 'application/json' });
}
