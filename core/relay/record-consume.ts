import type { ChannelActor } from '../actors/channel-actor.js';
import type { AppServices } from '../app-services.js';
import type { RelayQuota } from '../billing/relay-quota.js';
import type { Settlement } from '../billing/quota-ledger.js';
import { buildConsumeOther, consumeLogContent } from '../billing/consume-log.js';
import { newLog } from '../billing/log-writer.js';
import { surchargeLog } from '../billing/surcharge-log.js';
import type { NewLog } from '../billing/log-writer.js';
import type { ResolvedPrice } from '../billing/resolve-price.js';
import { LOG_CONSUME, LOG_ERROR } from '../db/rows.js';
import type { Caller } from './authenticate-token.js';
import type { RelayOutcome } from './relay-outcome.js';
import type { RelayRequest } from './relay-request.js';
import type { RelayError } from './relay-error.js';
import type { ResolvedUsage } from './resolve-usage.js';

export interface ConsumeRecord {
  req: Pick<RelayRequest, 'model' | 'stream'>;
  caller: Caller;
  price: ResolvedPrice;
  quota: RelayQuota;
  /** what was actually taken, and what the balance could not cover */
  settlement: Settlement;
  usage: ResolvedUsage;
  outcome: Pick<RelayOutcome, 'channelId' | 'upstreamModel' | 'mapped' | 'frtMs' | 'partial'>;
  group: string;
  useChannel: string[];
  startedAt: number;
  /** appended to the content after the ratios (images: `, 大小 1024x1024, 品质 standard`) */
  contentNote?: string;
  /** replaces the ratios at the head of the content (realtime: its audio ratios too) */
  contentHead?: string;
  /** keys the request kind adds to `other` (images: image, image_ratio, image_output) */
  otherExtra?: Record<string, unknown>;
}

/** Queues the type-2 log row that explains a charge (written in the next batch). */
export function recordConsume(app: Pick<AppServices, 'options' | 'logs' | 'dashboard'>, r: ConsumeRecord): void {
  if (!app.options.bool('LogConsumeEnabled')) return;
  const now = Date.now();
  const notes: string[] = [];
  if (r.contentNote) notes.push(r.contentNote);
  if (r.quota.zeroUsage) notes.push('（可能是上游超时）');
  // web / Claude web / file search and Gemini audio input: new-api appends their text after the notes, and their keys to `other`
  const surcharges = surchargeLog(r.quota);
  if (surcharges) notes.push(surcharges.note);
  const base = buildConsumeOther({
    price: r.price,
    cachedTokens: r.usage.usage.prompt_tokens_details?.cached_tokens ?? 0,
    claude: r.quota.claude,
    cacheCreation: r.quota.cacheCreation ?? undefined,
    frtMs: r.outcome.frtMs,
    useChannel: r.useChannel,
    isModelMapped: r.outcome.mapped,
    upstreamModel: r.outcome.upstreamModel,
    estimated: r.usage.estimated,
    shortfall: r.settlement.shortfall,
    streamStatus: r.outcome.partial ? { status: 'client_gone' } : undefined,
  });
  // Go prints a map's keys sorted: the kind's own keys take their place among the others
  const extra = surcharges ? { ...r.otherExtra, ...surcharges.other } : r.otherExtra;
  const other = extra ? Object.fromEntries(Object.entries({ ...base, ...extra }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : base;
  const row: NewLog = {
    user_id: r.caller.user.id,
    created_at: Math.floor(now / 1000),
    type: LOG_CONSUME,
    content: r.contentHead === undefined ? consumeLogContent(r.price, notes) : r.contentHead + notes.join(''),
    username: r.caller.user.username,
    token_name: r.caller.playground ? `playground-${r.group}` : r.caller.token.name,
    model_name: r.req.model,
    quota: r.settlement.charged,
    prompt_tokens: r.quota.logPromptTokens,
    completion_tokens: r.usage.usage.completion_tokens ?? 0,
    use_time: Math.floor((now - r.startedAt) / 1000),
    is_stream: r.req.stream,
    channel_id: r.outcome.channelId,
    token_id: r.caller.token.id,
    group: r.group,
    other: JSON.stringify(other),
  };
  app.logs.add(row);
  app.dashboard.recordUsage(row.user_id, row.username, row.model_name, row.created_at, row.quota, row.prompt_tokens + row.completion_tokens);
}

/** One type-5 row per failed upstream attempt, when ERROR_LOG_ENABLED (new-api's error log). */
export function recordRelayError(app: Pick<AppServices, 'log' | 'env' | 'logs'>, channel: ChannelActor, err: RelayError): void {
  app.log.warn('relay error', { channel: channel.id, status: err.status, message: err.message });
  if (!app.env.ERROR_LOG_ENABLED) return;
  app.logs.add(
    newLog({
      type: LOG_ERROR,
      content: err.message,
      channel_id: channel.id,
      other: JSON.stringify({ error_type: err.type, error_code: err.code, status_code: err.status, channel_id: channel.id, channel_name: channel.config.name, channel_type: channel.config.type }),
    }),
  );
}
