import type { ChannelActor } from '../actors/channel-actor.js';
import type { AppServices } from '../app-services.js';
import { channelFailureOf } from '../channel-health/channel-failure.js';
import { tokensFromBytes } from '../billing/estimate-pre-consume.js';
import type { ChunkGuard } from '../formats/format-contracts.js';
import type { Exchange } from '../http/exchange.js';
import type { UpstreamClient, UpstreamResponse } from '../upstream/upstream-client.js';
import { readCapped } from '../upstream/read-capped.js';
import { channelRedactor } from './channel-redactor.js';
import { classifyFailure } from './classify-failure.js';
import { completeAnswer, streamTranslator, type AnswerContext } from './client-answer.js';
import { dialectOf, speaksNatively } from './dialect.js';
import { formatSettingsOf } from './format-settings-view.js';
import { forwardNonStream } from './forward-non-stream.js';
import { forwardStream } from './forward-stream.js';
import { mapModel } from './model-mapping.js';
import type { RelayOutcome } from './relay-outcome.js';
import type { RelayRequest } from './relay-request.js';
import { RelayError } from './relay-error.js';
import { transportFailure } from './transport-failure.js';
import { upstreamCall } from './upstream-request.js';
import { upstreamError } from './upstream-error.js';
import { usageBounds } from './usage-bounds.js';

/** What one attempt needs of the gateway: its settings, its log, the upstream client and the completion check. */
export type ForwardDeps = Pick<AppServices, 'env' | 'options' | 'log'> & { upstream: UpstreamClient; completionGuard?: () => ChunkGuard | null };

const CLIENT_GONE = Object.assign(new Error('client closed the request'), { code: 'CLIENT_GONE' });
const RELAY_TIMED_OUT = Object.assign(new Error('RELAY_TIMEOUT reached'), { code: 'RELAY_TIMEOUT' });

/** The content type a stream goes to the client with: a Gemini client without `alt=sse` reads a JSON array. */
const streamContentType = (req: RelayRequest, sse: boolean) => (req.format === 'gemini' && !sse ? 'application/json' : 'text/event-stream');

/**
 * One try on one channel: build the upstream request in the channel's dialect, send it, relay the answer
 * in the client's format. Whatever fails leaves here with the channel's keys redacted, and counts toward
 * the channel's health only when the upstream side was at fault (classifyFailure).
 */
export async function forwardAttempt(deps: ForwardDeps, ex: Exchange, req: RelayRequest, channel: ChannelActor, startedAt: number): Promise<RelayOutcome> {
  const ch = channel.config;
  const { upstreamModel, mapped } = mapModel(req.model, ch.modelMapping);
  const redact = channelRedactor(ch);
  const dialect = dialectOf(ch.type);
  const native = speaksNatively(req.format, ch.type);
  const sse = req.format === 'gemini' && new URLSearchParams(ex.req.query).get('alt') === 'sse';
  const picked = channel.pickKey();
  if (!picked) throw new RelayError(503, `channel ${ch.id} has no usable key`, { type: 'upstream_error', code: 'channel:no_available_key', local: false });
  const keyIndex = picked.index;
  const call = upstreamCall(req, ch, picked.key, upstreamModel, {
    settings: formatSettingsOf(deps.options),
    clientHeaders: ex.req.headers,
    forceStreamOption: deps.env.FORCE_STREAM_OPTION,
    azureApiVersion: '2025-04-01-preview',
  });
  const t0 = Date.now();
  channel.start(keyIndex);
  // an error after a 200 came inside the answer (its body or its stream), which the health rules weigh apart
  let answered = false;
  const sent = deps.upstream.send({
    url: call.url,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: req.stream ? 'text/event-stream' : 'application/json',
      // Answers are relayed byte for byte and parsed for usage, so ask for them uncompressed.
      'accept-encoding': 'identity',
      ...call.headers,
    },
    body: call.body,
    firstByteTimeoutMs: deps.env.FIRST_BYTE_TIMEOUT * 1000,
    // Seconds of silence end a trickling non-stream answer just as they end a stream.
    idleTimeoutMs: deps.env.STREAMING_TIMEOUT * 1000,
  });
  ex.onAbort(() => sent.abort(CLIENT_GONE));
  const relayTimeout = deps.env.RELAY_TIMEOUT > 0 ? setTimeout(() => sent.abort(RELAY_TIMED_OUT), deps.env.RELAY_TIMEOUT * 1000) : null;
  const answer: AnswerContext = { requestId: ex.requestId, now: Date.now, model: req.model, inputEstimate: tokensFromBytes(req.raw.length), sse };
  try {
    let res: UpstreamResponse;
    try {
      res = await sent.response;
    } catch (e) {
      // The client hears one message for every connection failure; the cause stays in the server log.
      if (!ex.aborted) deps.log.warn('upstream request failed', { channel: ch.id, cause: redact(String((e as { code?: unknown }).code ?? (e as Error).message)) });
      throw transportFailure(e, 'connect');
    }
    if (res.status !== 200) {
      const text = await readCapped(res.body, 1024 * 1024).then((b) => b.toString('utf8')).catch(() => '');
      throw upstreamError(res.status, text);
    }
    answered = true;
    const bounds = usageBounds(req, ch.paramOverride);
    if (req.stream) {
      const translator = streamTranslator(req, dialect, native, answer, deps.completionGuard?.() ?? null);
      const r = await forwardStream(ex, res, translator, startedAt, redact, streamContentType(req, sse));
      if (r.failure) {
        if (classifyFailure(r.failure) === 'upstream') channel.fail(channelFailureOf(r.failure.redacted(redact), true), keyIndex);
        else channel.release(keyIndex);
      } else if (ex.aborted) channel.release(keyIndex);
      else channel.succeed(Date.now() - t0, keyIndex);
      return {
        channelId: ch.id,
        upstreamModel,
        mapped,
        usage: translator.usage(),
        delivered: () => translator.delivered(),
        bounds,
        frtMs: r.frtMs,
        partial: r.partial,
        translator,
      };
    }
    const r = await forwardNonStream(ex, res, (buf, contentType) => completeAnswer(req, dialect, native, buf, contentType, answer));
    channel.succeed(Date.now() - t0, keyIndex);
    return { channelId: ch.id, upstreamModel, mapped, usage: r.usage, delivered: r.delivered, bounds, frtMs: -1000, partial: false };
  } catch (e) {
    if (ex.aborted) {
      channel.release(keyIndex);
      throw new RelayError(499, 'client closed the request', { local: true });
    }
    if (!(e instanceof RelayError)) {
      channel.release(keyIndex);
      throw e;
    }
    const err = e.redacted(redact);
    if (classifyFailure(err) === 'upstream') channel.fail(channelFailureOf(err, answered), keyIndex);
    else channel.release(keyIndex);
    throw err;
  } finally {
    if (relayTimeout) clearTimeout(relayTimeout);
  }
}
