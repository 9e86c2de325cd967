import type { ChannelActor } from '../actors/channel-actor.js';
import type { AppServices } from '../app-services.js';
import { computeTextQuota } from '../billing/compute-quota.js';
import { estimatePreConsume, tokensFromBytes } from '../billing/estimate-pre-consume.js';
import type { Reservation } from '../billing/quota-ledger.js';
import { resolvePrice, type ResolvedPrice } from '../billing/resolve-price.js';
import { BodyTooLargeError, type Exchange } from '../http/exchange.js';
import { BadContentEncodingError } from '../http/inflate-body.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { authenticateToken, type TokenCaller } from './authenticate-token.js';
import { billableUsage } from './billable-usage.js';
import { distribute } from './distribute.js';
import { forwardAttempt } from './forward-attempt.js';
import { quotaError } from './quota-error.js';
import { recordConsume, recordRelayError } from './record-consume.js';
import { acceptsUnsetRatio, priceSettingsOf } from './price-settings-view.js';
import { readApiKey } from './parse-token-key.js';
import type { RelayOutcome } from './relay-outcome.js';
import { parseRelayRequest, type RelayMode, type RelayRequest } from './relay-request.js';
import { localError, openAiErrorBody, RelayError, streamErrorEvent } from './relay-error.js';
import { keepAliveIntervalMs, startKeepAlive } from './stream-keep-alive.js';
import { mapStatus, shouldRetry } from './upstream-error.js';

/** A relay caller: an API token, or a console session for the playground (no token, its own group). */
export type RelayCaller = { kind: 'token' } | { kind: 'playground'; caller: TokenCaller };

/**
 * auth → parse → route → price → reserve → try channels → settle → log. The reservation is settled or
 * refunded exactly once whatever happens; retries exclude channels already tried and stop once bytes
 * reached the client.
 */
export async function relayRequest(
  app: AppServices,
  upstream: UpstreamClient,
  ex: Exchange,
  mode: RelayMode,
  body: Promise<Buffer>,
  callerKind: RelayCaller,
): Promise<void> {
  const startedAt = Date.now();
  let reservation: Reservation | null = null;
  let stopKeepAlive: (() => void) | null = null;
  try {
    const caller =
      callerKind.kind === 'token' ? await authenticateToken(app, readApiKey(ex.req.path, ex.req.query, ex.req.headers)) : callerKind.caller;
    let raw: Buffer;
    try {
      raw = await body;
    } catch (e) {
      if (e instanceof BodyTooLargeError) throw localError(413, `request body too large (limit ${app.env.MAX_REQUEST_BODY_MB} MB)`, 'request_body_too_large', 'invalid_request_error');
      if (e instanceof BadContentEncodingError) throw localError(400, e.message, 'invalid_request_body', 'invalid_request_error');
      return; // the client went away while sending
    }
    const req = parseRelayRequest(mode, raw, ex.req.headers['content-type']);
    const route = await distribute(app, caller, req.model, () => app.clientIp(ex.req.remoteIp, ex.req.headers['x-forwarded-for']));
    const settings = priceSettingsOf(app.options);
    const price = resolvePrice(req.model, route.group, settings, acceptsUnsetRatio(caller.user));
    if (!price.ok) throw localError(500, price.message, 'model_price_error');

    // A byte estimate keeps the tokenizer off the hot path; the charge uses the upstream's usage or a count.
    const amount = estimatePreConsume(price, tokensFromBytes(raw.length), req.maxTokens, settings);
    const tokenId = callerKind.kind === 'token' ? caller.token.id : 0;
    const reserved = await app.ledger.reserve(caller.user.id, tokenId, caller.token.unlimitedQuota || tokenId === 0, amount);
    if (!reserved.ok) throw quotaError(reserved, amount, app);
    reservation = reserved.reservation;

    const keepAliveMs = req.stream ? keepAliveIntervalMs(app.options) : null;
    if (keepAliveMs) stopKeepAlive = startKeepAlive(ex, keepAliveMs);
    const useChannel: string[] = [];
    const outcome = await tryChannels(app, upstream, ex, req, route.group, route.pinned, useChannel, startedAt);
    await finish(app, ex, req, caller, callerKind, price, reservation, outcome, route.group, useChannel, startedAt);
    reservation = null;
  } catch (e) {
    if (reservation) app.ledger.refund(reservation);
    const err = e instanceof RelayError ? e : new RelayError(500, `internal error: ${(e as Error).message}`, { type: 'new_api_error', code: 'internal_error' });
    if (!(e instanceof RelayError)) app.log.error('relay failed', { error: (e as Error).stack });
    if (ex.aborted) return;
    // A stream already under way (keep-alive pings) can only report the failure as its last event.
    if (ex.headSent) {
      ex.end(`${streamErrorEvent(err, ex.requestId)}data: [DONE]\n\n`);
      return;
    }
    ex.json(err.status === 499 ? 400 : err.status, openAiErrorBody(err, ex.requestId));
  } finally {
    stopKeepAlive?.();
  }
}

async function tryChannels(
  app: AppServices,
  upstream: UpstreamClient,
  ex: Exchange,
  req: RelayRequest,
  group: string,
  pinned: ChannelActor | null,
  useChannel: string[],
  startedAt: number,
): Promise<RelayOutcome> {
  const tried = new Set<number>();
  let retriesLeft = pinned ? 0 : Math.max(0, app.options.number('RetryTimes'));
  let lastError: RelayError | null = null;
  for (;;) {
    const channel = pinned ?? app.channels.select(group, req.model, tried);
    if (!channel) throw lastError ?? localError(503, `当前分组 ${group} 下对于模型 ${req.model} 无可用渠道`, 'model_not_found');
    tried.add(channel.id);
    useChannel.push(String(channel.id));
    try {
      return await forwardAttempt(app, upstream, ex, req, channel, startedAt);
    } catch (e) {
      if (!(e instanceof RelayError)) throw e;
      const err = e.local ? e : e.withStatus(mapStatus(e.status, channel.config.statusCodeMapping));
      if (!err.local) recordRelayError(app, channel, err);
      if (ex.headSent || ex.aborted || retriesLeft <= 0 || !shouldRetry(err, channel.config.type)) throw err;
      retriesLeft--;
      lastError = err;
    }
  }
}

async function finish(
  app: AppServices,
  ex: Exchange,
  req: RelayRequest,
  caller: TokenCaller,
  callerKind: RelayCaller,
  price: ResolvedPrice,
  reservation: Reservation,
  outcome: RelayOutcome,
  group: string,
  useChannel: string[],
  startedAt: number,
): Promise<void> {
  const usage = await billableUsage(app.tokenCounter, app.log, req, outcome);
  // The client's closing frames: the usage chunk it asked for (if the upstream sent none), then [DONE].
  if (outcome.streamAcc && !ex.aborted) {
    if (req.includeUsage && !outcome.streamAcc.usage && !outcome.partial) {
      ex.write(`data: ${outcome.streamAcc.usageChunk(usage.usage, req.model, Math.floor(Date.now() / 1000))}\n\n`);
    }
    ex.end('data: [DONE]\n\n');
  }
  const settings = priceSettingsOf(app.options);
  const q = computeTextQuota(price, {
    prompt_tokens: usage.usage.prompt_tokens ?? 0,
    completion_tokens: usage.usage.completion_tokens ?? 0,
    cached_tokens: usage.usage.prompt_tokens_details?.cached_tokens ?? 0,
  }, settings, { model: req.model });
  const settlement = await app.ledger.settle(reservation, q.quota, outcome.channelId, !q.zeroUsage);
  const { charged, shortfall } = settlement;
  if (shortfall > 0) app.log.warn('charge exceeds the reservation and the balance; shortfall recorded', { user: caller.user.id, charged, shortfall });
  if (charged > 0) app.lowBalance.afterCharge(caller.user, reservation.userQuotaAfter + reservation.amount - charged, charged);
  if (callerKind.kind === 'token' && !caller.token.unlimitedQuota) caller.token.remainQuota -= charged;
  recordConsume(app, { req, caller, callerKind, price, quota: q, settlement, usage, outcome, group, useChannel, startedAt });
}
