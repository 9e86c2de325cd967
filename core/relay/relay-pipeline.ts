import type { ChannelActor } from '../actors/channel-actor.js';
import type { ChannelTypeFilter } from '../actors/select-channel.js';
import type { AppServices } from '../app-services.js';
import { whenReady, type MaybePromise } from '../async/when-ready.js';
import { computeRelayQuota, textUsageFromReport } from '../billing/relay-quota.js';
import { estimatePreConsume, tokensFromBytes } from '../billing/estimate-pre-consume.js';
import type { Reservation, Settlement } from '../billing/quota-ledger.js';
import { resolvePrice, type ResolvedPrice } from '../billing/resolve-price.js';
import { BodyTooLargeError, type Exchange } from '../http/exchange.js';
import { BadContentEncodingError } from '../http/inflate-body.js';
import type { RelayMetrics } from '../observability/relay-metrics.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { authenticateCaller } from './authenticate-caller.js';
import type { Caller } from './authenticate-token.js';
import { billableUsage } from './billable-usage.js';
import { billedTools, type BilledTools, toolQuotaExtras } from './billed-tools.js';
import { streamFailureFrame } from './client-answer.js';
import { countTokensLocally } from './count-tokens-locally.js';
import { distribute } from './distribute.js';
import { forwardedQuery, isMediaKind, type RelayEndpoint } from './endpoints.js';
import { INBOUND } from './inbound-formats.js';
import { forwardAttempt } from './forward-attempt.js';
import { quotaError } from './quota-error.js';
import { recordConsume, recordRelayError } from './record-consume.js';
import { acceptsUnsetRatio, priceSettingsOf } from './price-settings-view.js';
import type { RelayOutcome } from './relay-outcome.js';
import { parseRelayRequest, type RelayRequest } from './relay-request.js';
import { localError, RelayError, unexpectedRelayError } from './relay-error.js';
import { inboundContext } from './inbound-context.js';
import { relayMedia } from './relay-media.js';
import type { ResolvedUsage } from './resolve-usage.js';
import { compactRequest } from './responses-compact.js';
import type { SaveChannelKey } from './save-channel-key.js';
import { sensitiveChunkGuard } from './sensitive-chunk-guard.js';
import { keepAliveIntervalMs, startKeepAlive } from './stream-keep-alive.js';
import type { RetryBudget } from './retry-budget.js';
import { mapStatus, shouldRetry } from './upstream-error.js';

/**
 * auth → parse → route → price → reserve → try channels → settle → log. The reservation is settled or
 * refunded exactly once whatever happens; retries exclude channels already tried and stop once bytes
 * reached the client. Errors are written in the client's own format.
 */
/** What the relay routes share: the upstream client, the retry budget and the metrics (null: off). */
export interface RelayRuntime {
  upstream: UpstreamClient;
  retries: RetryBudget;
  metrics: RelayMetrics | null;
  /** writes back a key an authorize step rewrote (Codex's refreshed OAuth document) */
  saveKey?: SaveChannelKey;
}

export async function relayRequest(app: AppServices, relay: RelayRuntime, ex: Exchange, endpoint: RelayEndpoint, body: Promise<Buffer>): Promise<void> {
  const startedAt = Date.now();
  let reservation: Reservation | null = null;
  let stopKeepAlive: (() => void) | null = null;
  let model = '';
  let limited: { userId: number; group: string } | null = null;
  let succeeded = false;
  let firstByteMs = 0;
  relay.retries.request();
  try {
    // media requests (images, audio, moderations, rerank) have no chat form: relay-media.ts bills them
    const ctx = isMediaKind(endpoint.kind) ? null : inboundContext(endpoint, ex.req.params);
    // The caches, the distributor, the lease slices and the settlement usually answer at once: only a real
    // promise is awaited, since awaiting a value still costs a turn of the event loop and two promises.
    const authed = authenticateCaller(app, endpoint, ex, body);
    const caller = authed instanceof Promise ? await authed : authed;
    // new-api's model request rate limit: after token auth, per user, never for the playground
    if (!caller.playground && app.policies.rateLimiter.enabled()) {
      const group = caller.token.group || caller.user.group;
      const decision = await app.policies.rateLimiter.check(caller.user.id, group);
      if (!decision.allowed) throw localError(decision.status, decision.message);
      limited = { userId: caller.user.id, group };
    }
    let raw: Buffer;
    try {
      raw = await body;
    } catch (e) {
      if (e instanceof BodyTooLargeError) throw localError(413, `request body too large (limit ${app.env.MAX_REQUEST_BODY_MB} MB)`, 'request_body_too_large', 'invalid_request_error');
      if (e instanceof BadContentEncodingError) throw localError(400, e.message, 'invalid_request_body', 'invalid_request_error');
      return; // the client went away while sending
    }
    if (!ctx) {
      const charged = await relayMedia(app, relay, ex, endpoint, caller, raw, startedAt);
      relay.metrics?.charged(charged);
      succeeded = true;
      return;
    }
    const parsed = parseRelayRequest(endpoint.format, ctx, raw, ex.req.headers['content-type'], forwardedQuery(endpoint, ex.req.query));
    const req = endpoint.compact ? compactRequest(parsed) : parsed;
    model = req.model;
    // an unknown search_context_size is refused here, before any cost
    const tools = billedTools(req);
    if (req.kind !== 'count_tokens') refuseSensitivePrompt(app, req);
    const routed = distribute(app, caller, req.model, () => app.clientIp(ex.req.remoteIp, ex.req.headers['x-forwarded-for']));
    const route = routed instanceof Promise ? await routed : routed;
    if (req.kind === 'count_tokens') {
      // answered here, free, as Claude Code and the Gemini SDK expect (new-api has no such route)
      ex.json(200, await countTokensLocally(app.tokenCounter, req));
      succeeded = true;
      return;
    }
    const settings = priceSettingsOf(app.options);
    const price = resolvePrice(req.model, route.group, settings, acceptsUnsetRatio(caller.user));
    if (!price.ok) throw localError(500, price.message, 'model_price_error');

    // A byte estimate keeps the tokenizer off the hot path; the charge uses the upstream's usage or a count.
    const amount = estimatePreConsume(price, tokensFromBytes(raw.length), req.maxTokens, settings);
    const tokenId = caller.token.id;
    const reserving = app.ledger.reserve(caller.user.id, tokenId, caller.token.unlimitedQuota || caller.playground, amount);
    const reserved = reserving instanceof Promise ? await reserving : reserving;
    if (!reserved.ok) throw quotaError(reserved, amount, app);
    reservation = reserved.reservation;

    // a Gemini client reading a JSON array has no place for an SSE comment
    const keepAliveMs = req.stream && (req.format !== 'gemini' || ex.req.query.includes('alt=sse')) ? keepAliveIntervalMs(app.options) : null;
    if (keepAliveMs) stopKeepAlive = startKeepAlive(ex, keepAliveMs);
    const useChannel: string[] = [];
    const completionGuard = () => sensitiveChunkGuard(app.policies.sensitiveWords, (words) => app.log.warn('sensitive words in a completion', { words }));
    const deps = { env: app.env, options: app.options, log: app.log, upstream: relay.upstream, completionGuard, saveKey: relay.saveKey };
    const outcome = await tryChannels(app, ex, req.model, route.group, route.pinned, useChannel, relay, (channel) => forwardAttempt(deps, ex, req, channel, startedAt));
    firstByteMs = outcome.frtMs;
    const finishing = finish({ app, ex, req, tools, caller, price, reservation, outcome, group: route.group, useChannel, startedAt });
    const charged = finishing instanceof Promise ? await finishing : finishing;
    relay.metrics?.charged(charged);
    reservation = null;
    succeeded = true;
  } catch (e) {
    if (reservation) app.ledger.refund(reservation);
    const err = unexpectedRelayError(e);
    // the database's failures (503) are the database's: a line each, without a stack that says nothing more
    if (!(e instanceof RelayError)) {
      if (err.status === 503) app.log.warn('relay refused: database unavailable', { code: err.code, error: String(e) });
      else app.log.error('relay failed', { error: (e as Error).stack });
    }
    if (ex.aborted) return;
    // A stream already under way (keep-alive pings) can only report the failure as its last frame.
    if (ex.headSent) {
      // relayed bytes (speech audio) have no frame to carry an error: the answer is cut short
      ex.end(isMediaKind(endpoint.kind) ? '' : streamFailureFrame(endpoint.format, err, { requestId: ex.requestId, now: Date.now, model, inputEstimate: 0, sse: true }));
      return;
    }
    const { status, body: errorBody } = INBOUND[endpoint.format].errors.errorBody(err, ex.requestId);
    ex.json(status === 499 ? 400 : status, errorBody);
  } finally {
    stopKeepAlive?.();
    relay.metrics?.finished(endpoint, ex.status, Date.now() - startedAt, firstByteMs);
    if (limited) void app.policies.rateLimiter.record(limited.userId, limited.group, succeeded);
  }
}

const PROMPT_FORMAT = { chat: 'chat', completions: 'completions', embeddings: 'embeddings', count_tokens: 'chat' } as const;

/** CheckSensitiveOnPromptEnabled: a listed word in the prompt is refused before any cost, as new-api refuses it. */
function refuseSensitivePrompt(app: AppServices, req: RelayRequest): void {
  const refusal = app.policies.sensitiveWords.checkPrompt(req.format === 'openai' ? PROMPT_FORMAT[req.kind] : req.format, req.body);
  if (!refusal) return;
  app.log.warn('user sensitive words detected', { words: refusal.words.join(', ') });
  throw localError(refusal.status, refusal.message, refusal.code);
}

/**
 * Tries `attempt` on the pinned channel, or on channels for (group, model) until one answers or retries run
 * out; `serves` (media kinds) leaves out channel types that cannot take the request.
 */
export async function tryChannels<T>(
  app: AppServices,
  ex: Pick<Exchange, 'headSent' | 'aborted'>,
  model: string,
  group: string,
  pinned: ChannelActor | null,
  useChannel: string[],
  relay: RelayRuntime,
  attempt: (channel: ChannelActor) => Promise<T>,
  serves?: ChannelTypeFilter,
): Promise<T> {
  const tried = new Set<number>();
  let retriesLeft = pinned ? 0 : Math.max(0, app.options.number('RetryTimes'));
  let lastError: RelayError | null = null;
  for (;;) {
    const channel = pinned ?? app.channels.select(group, model, tried, Date.now(), serves);
    if (!channel) throw lastError ?? localError(503, `当前分组 ${group} 下对于模型 ${model} 无可用渠道`, 'model_not_found');
    tried.add(channel.id);
    useChannel.push(String(channel.id));
    try {
      return await attempt(channel);
    } catch (e) {
      if (!(e instanceof RelayError)) throw e;
      const err = e.local ? e : e.withStatus(mapStatus(e.status, channel.config.statusCodeMapping));
      if (!err.local) {
        recordRelayError(app, channel, err);
        relay.metrics?.upstreamError(channel.id, err);
      }
      if (ex.headSent || ex.aborted || retriesLeft <= 0 || !shouldRetry(err, channel.config.type)) throw err;
      // the retry budget: under load, retries are a share of the traffic, not a multiple of it
      if (!relay.retries.takeRetry()) throw err;
      relay.metrics?.retried();
      retriesLeft--;
      lastError = err;
    }
  }
}

/** What closing a relayed request needs: the request, its caller and price, the reservation and what the attempt got. */
interface Finishing {
  app: AppServices;
  ex: Exchange;
  req: RelayRequest;
  tools: BilledTools | null;
  caller: Caller;
  price: ResolvedPrice;
  reservation: Reservation;
  outcome: RelayOutcome;
  group: string;
  useChannel: string[];
  startedAt: number;
}

/** Bills and logs what the attempt used; the amount charged, without a turn of the event loop unless tokens had to be counted. */
function finish(f: Finishing): MaybePromise<number> {
  return whenReady(billableUsage(f.app.tokenCounter, f.app.log, f.req, f.outcome), (usage) => charge(f, usage));
}

function charge(f: Finishing, usage: ResolvedUsage): MaybePromise<number> {
  const { app, ex, req, outcome } = f;
  // The client's closing frames, with the usage that is billed; a stream cut short was closed already.
  if (outcome.translator && !ex.aborted) ex.end(outcome.partial ? '' : outcome.translator.end(usage.usage));
  const settings = priceSettingsOf(app.options);
  // new-api bills a client of the Messages API by Claude's formula, every other format by OpenAI's
  const q = computeRelayQuota(f.price, textUsageFromReport(usage.usage), req.format === 'claude' ? 'claude' : 'openai', settings, toolQuotaExtras(req.model, f.tools, outcome.toolCalls));
  return whenReady(settleCharge(app, f.caller, f.reservation, q, outcome.channelId), (settlement) => {
    recordConsume(app, { req, caller: f.caller, price: f.price, quota: q, settlement, usage, outcome, group: f.group, useChannel: f.useChannel, startedAt: f.startedAt });
    return settlement.charged;
  });
}

/** Settles the reservation at the computed quota, then what follows a charge: the low-balance check and the token's cached balance. */
export function settleCharge(app: AppServices, caller: Caller, reservation: Reservation, q: { quota: number; zeroUsage: boolean }, channelId: number): MaybePromise<Settlement> {
  return whenReady(app.ledger.settle(reservation, q.quota, channelId, !q.zeroUsage), (settlement) => afterCharge(app, caller, reservation, settlement));
}

function afterCharge(app: AppServices, caller: Caller, reservation: Reservation, settlement: Settlement): Settlement {
  const { charged, shortfall } = settlement;
  if (shortfall > 0) app.log.warn('charge exceeds the reservation and the balance; shortfall recorded', { user: caller.user.id, charged, shortfall });
  if (charged > 0) app.lowBalance.afterCharge(caller.user, reservation.userQuotaAfter + reservation.amount - charged, charged);
  if (!caller.playground && !caller.token.unlimitedQuota) caller.token.remainQuota -= charged;
  return settlement;
}
