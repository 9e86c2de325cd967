import type { ChannelActor } from '../../actors/channel-actor.js';
import { randomAlnum } from '../../auth/random-key.js';
import type { Reservation } from '../../billing/quota-ledger.js';
import type { Sql } from '../../db/connect.js';
import { mapModel } from '../../relay/model-mapping.js';
import { parseJsonText } from '../parse-json-text.js';
import { settleTask, taskLogContent, type TaskBill } from '../task-billing.js';
import { retryableStatus, tryTaskChannels } from '../task-channel.js';
import type { TaskContext } from '../task-context.js';
import { insertTask } from '../task-kinds.js';
import { callTaskUpstream, channelBase, type TaskUpstreamAnswer } from '../task-upstream.js';
import type { VideoHttpRequest, VideoSubmit, VideoTaskAdapter } from './video-adapter.js';
import { videoAdapterOf } from './video-adapters.js';
import { videoError } from './video-error.js';
import { applyOtherRatios } from './video-quota.js';

const SUBMIT_TIMEOUT_MS = 60_000;

/** new-api's TaskActionRemix. */
export const REMIX_ACTION = 'remixGenerate';

export interface VideoSubmission {
  /** what was reserved: priced with the multipliers of the channel expected to take the task */
  bill: TaskBill;
  /** the per-call quota before any multiplier */
  baseQuota: number;
  reservation: Reservation;
  submit: VideoSubmit;
  /** the reserved multipliers; final for a remix (its origin's) */
  ratios: Record<string, number>;
  /** the model's ratio when it has no per-call price (taskPrice): the task is re-billed from reported tokens; 0: per call */
  tokenRatio: number;
  pinned: ChannelActor | null;
  startedAt: number;
}

interface Sent {
  answer: TaskUpstreamAnswer;
  adapter: VideoTaskAdapter;
  upstreamModel: string;
}

/** new-api GenerateTaskID: the public id the client sees instead of the provider's. */
export const newPublicTaskId = (): string => `task_${randomAlnum(32)}`;

/** What the client gets for an accepted submit: the provider's OpenAI-shaped answer or new-api's OpenAIVideo, under the public id. */
function submitAnswer(adapter: VideoTaskAdapter, upstreamBody: string, publicId: string, model: string, nowSec: number): Record<string, unknown> {
  const stored = adapter.openAiVideo?.(parseJsonText(upstreamBody));
  if (stored) return Object.assign(stored, { id: publicId, task_id: publicId });
  return { id: publicId, task_id: publicId, object: 'video', model, status: 'queued', progress: 0, created_at: nowSec };
}

/** new-api's TaskBillingContext of a submit: the prices it was charged at, kept for its settlement. */
const billingContext = (bill: TaskBill, tokenRatio: number) => ({
  model_price: bill.price.modelPrice,
  model_ratio: tokenRatio,
  group_ratio: bill.price.groupRatio,
  other_ratios: bill.other ?? {},
  origin_model_name: bill.model,
  per_call_billing: tokenRatio === 0,
});

/**
 * The bill of the channel that accepted the task (new-api estimates on every attempt and settles the last
 * one's quota): a submit is priced with that channel's multipliers, whichever channel the reservation was
 * estimated with; a remix keeps its origin's.
 */
function acceptedBill(s: VideoSubmission, adapter: VideoTaskAdapter): TaskBill {
  const ratios = s.submit.remixOf === undefined ? adapter.ratios(s.submit) : s.ratios;
  return Object.assign({}, s.bill, { quota: applyOtherRatios(s.baseQuota, ratios), other: ratios });
}

/** A task's quota and its charge row set to what its settlement took, so a refund gives back no more. */
async function recordCharged(sql: Sql, taskRef: number, charged: number): Promise<void> {
  await sql`
    WITH t AS (UPDATE tasks SET quota = ${charged} WHERE id = ${taskRef} RETURNING id)
    UPDATE task_charges SET quota = ${charged} WHERE platform = 'video' AND task_ref IN (SELECT id FROM t)`;
}

/** Sends a checked, reserved submit; only an answer naming a task records it and charges for it. */
export async function forwardVideoSubmit(ctx: TaskContext, s: VideoSubmission): Promise<void> {
  const { app } = ctx;
  const { submit } = s;
  const { model, group } = s.bill;
  const send = async (ch: ChannelActor): Promise<Sent> => {
    const adapter = videoAdapterOf(ch.config.type);
    if (!adapter) throw new Error(`channel ${ch.id} (type ${ch.config.type}) serves no video tasks`);
    const { upstreamModel } = mapModel(model, ch.config.modelMapping);
    const target = { base: channelBase(ch), key: ch.nextKey(), upstreamModel };
    let req: VideoHttpRequest;
    if (submit.remixOf === undefined) req = await adapter.submitRequest(submit, target, Date.now());
    else if (adapter.remixRequest) req = adapter.remixRequest(submit, target, submit.remixOf);
    else throw new Error(`channel ${ch.id} (type ${ch.config.type}) has no video remix`); // the remix route checked it first
    return { answer: await callTaskUpstream(ctx.upstream, Object.assign(req, { timeoutMs: SUBMIT_TIMEOUT_MS })), adapter, upstreamModel };
  };
  const sent = await tryTaskChannels(app, { group, model, only: s.pinned }, send, (a) => retryableStatus(a.answer.status)).catch(() => {
    throw videoError(500, 'do_request_failed', '请求上游地址失败');
  });
  const { adapter, upstreamModel } = sent.answer;
  const text = sent.answer.answer.body.toString('utf8');
  const verdict = adapter.parseSubmit(sent.answer.answer.status, text);
  if (!verdict.ok) throw videoError(verdict.status, verdict.code, verdict.message);
  const bill = acceptedBill(s, adapter);

  const now = Date.now();
  const at = Math.floor(now / 1000);
  const publicId = newPublicTaskId();
  const { caller } = bill;
  const action = submit.remixOf === undefined ? adapter.action(submit) : REMIX_ACTION;
  const taskRef = await insertTask(
    app.sql,
    'video',
    {
      created_at: at,
      updated_at: at,
      task_id: publicId,
      platform: String(sent.channel.config.type),
      user_id: caller.user.id,
      channel_id: sent.channel.id,
      quota: bill.quota,
      action,
      status: 'NOT_START',
      submit_time: at,
      progress: '0%',
      properties: JSON.stringify({ input: submit.prompt, upstream_model_name: upstreamModel, origin_model_name: bill.model }),
      data: text,
      // what it was charged with, as new-api keeps it (billing_context): a remix is charged alike, and a
      // ratio-priced task is re-billed from the tokens its provider reports (video-rebill.ts)
      private_data: JSON.stringify({ upstream_task_id: verdict.upstreamId, token_id: caller.token.id, billing_context: billingContext(bill, s.tokenRatio) }),
    },
    { userId: caller.user.id, tokenId: caller.token.id, quota: bill.quota },
    now,
  );
  const charged = await settleTask(app, bill, s.reservation, sent.channel.id, taskLogContent(bill.price, action), s.startedAt);
  // an accepting channel dearer than the reservation, beyond what the balance held: the task records what was taken
  if (charged < bill.quota) await recordCharged(app.sql, taskRef, charged);
  ctx.ex.json(200, submitAnswer(adapter, text, publicId, bill.model, at), { 'X-New-Api-Other-Ratios': JSON.stringify(bill.other) });
}
