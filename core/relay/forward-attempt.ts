import type { ChannelActor } from '../actors/channel-actor.js';
import type { AppServices } from '../app-services.js';
import type { Exchange } from '../http/exchange.js';
import { upstreamAuthHeaders, upstreamUrl } from '../providers/upstream-url.js';
import type { UpstreamClient, UpstreamResponse } from '../upstream/upstream-client.js';
import { channelRedactor } from './channel-redactor.js';
import { classifyFailure } from './classify-failure.js';
import { forwardNonStream } from './forward-non-stream.js';
import { forwardStream } from './forward-stream.js';
import { mapModel } from './model-mapping.js';
import { readCapped } from '../upstream/read-capped.js';
import type { RelayOutcome } from './relay-outcome.js';
import type { RelayRequest } from './relay-request.js';
import { RelayError } from './relay-error.js';
import { upstreamBody } from './upstream-body.js';
import { transportFailure } from './transport-failure.js';
import { upstreamError } from './upstream-error.js';
import { usageBounds } from './usage-bounds.js';

// The upstream path is the OpenAI one for the mode, whatever the client called (/pg/chat/completions,
// /v1/engines/:model/embeddings).
const UPSTREAM_PATH: Record<RelayRequest['mode'], string> = {
  chat: '/v1/chat/completions',
  completions: '/v1/completions',
  embeddings: '/v1/embeddings',
};

const CLIENT_GONE = Object.assign(new Error('client closed the request'), { code: 'CLIENT_GONE' });
const RELAY_TIMED_OUT = Object.assign(new Error('RELAY_TIMEOUT reached'), { code: 'RELAY_TIMEOUT' });

/**
 * One try on one channel: build the upstream request, send it, relay the answer. Whatever fails leaves
 * here with the channel's keys redacted, and counts toward the channel's health only when the upstream
 * side was at fault (classifyFailure).
 */
export async function forwardAttempt(
  app: AppServices,
  upstream: UpstreamClient,
  ex: Exchange,
  req: RelayRequest,
  channel: ChannelActor,
  startedAt: number,
): Promise<RelayOutcome> {
  const ch = channel.config;
  const { upstreamModel, mapped } = mapModel(req.model, ch.modelMapping);
  const redact = channelRedactor(ch);
  const t0 = Date.now();
  channel.start();
  const call = upstream.send({
    url: upstreamUrl(ch, UPSTREAM_PATH[req.mode], ex.req.query, upstreamModel, '2025-04-01-preview'),
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: req.stream ? 'text/event-stream' : 'application/json',
      // Answers are relayed byte for byte and parsed for usage, so ask for them uncompressed.
      'accept-encoding': 'identity',
      ...upstreamAuthHeaders(ch, channel.nextKey()),
    },
    body: upstreamBody(req, ch, upstreamModel, app.env.FORCE_STREAM_OPTION),
    firstByteTimeoutMs: app.env.FIRST_BYTE_TIMEOUT * 1000,
    // Seconds of silence end a trickling non-stream answer just as they end a stream.
    idleTimeoutMs: app.env.STREAMING_TIMEOUT * 1000,
  });
  ex.onAbort(() => call.abort(CLIENT_GONE));
  const relayTimeout = app.env.RELAY_TIMEOUT > 0 ? setTimeout(() => call.abort(RELAY_TIMED_OUT), app.env.RELAY_TIMEOUT * 1000) : null;
  try {
    let res: UpstreamResponse;
    try {
      res = await call.response;
    } catch (e) {
      // The client hears one message for every connection failure; the cause stays in the server log.
      if (!ex.aborted) app.log.warn('upstream request failed', { channel: ch.id, cause: redact(String((e as { code?: unknown }).code ?? (e as Error).message)) });
      throw transportFailure(e, 'connect');
    }
    if (res.status !== 200) {
      const text = await readCapped(res.body, 1024 * 1024).then((b) => b.toString('utf8')).catch(() => '');
      throw upstreamError(res.status, text);
    }
    const bounds = usageBounds(req, ch.paramOverride);
    if (req.stream) {
      const r = await forwardStream(ex, res, req.includeUsage, startedAt, redact);
      if (r.failure) channel.fail();
      else if (ex.aborted) channel.release();
      else channel.succeed(Date.now() - t0);
      return {
        channelId: ch.id,
        upstreamModel,
        mapped,
        usage: r.acc.usage,
        delivered: () => r.acc.read(),
        bounds,
        frtMs: r.frtMs,
        partial: r.partial,
        streamAcc: r.acc,
      };
    }
    const r = await forwardNonStream(ex, res);
    channel.succeed(Date.now() - t0);
    return { channelId: ch.id, upstreamModel, mapped, usage: r.usage, delivered: r.delivered, bounds, frtMs: -1000, partial: false };
  } catch (e) {
    if (ex.aborted) {
      channel.release();
      throw new RelayError(499, 'client closed the request', { local: true });
    }
    if (!(e instanceof RelayError)) {
      channel.release();
      throw e;
    }
    const err = e.redacted(redact);
    if (classifyFailure(err) === 'upstream') channel.fail();
    else channel.release();
    throw err;
  } finally {
    if (relayTimeout) clearTimeout(relayTimeout);
  }
}
