import type { ChannelActor } from '../actors/channel-actor.js';
import type { AppServices } from '../app-services.js';
import { channelFailureOf } from '../channel-health/channel-failure.js';
import { tokensFromBytes } from '../billing/estimate-pre-consume.js';
import type { ChunkGuard } from '../formats/format-contracts.js';
import type { Exchange } from '../http/exchange.js';
import { providerOf } from '../providers/registry.js';
import { adminUrlPolicy } from '../upstream/outbound-policy.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { readCapped } from '../upstream/read-capped.js';
import { channelRedactor } from './channel-redactor.js';
import { answerOf, authorizeContext, failedAttempt, forgetRefusedToken, sendAttempt } from './attempt.js';
import { classifyFailure } from './classify-failure.js';
import { completeAnswer, hubStreamRefusal, streamTranslator, type AnswerContext } from './client-answer.js';
import { dialectOf, speaksNatively } from './dialect.js';
import { formatSettingsOf } from './format-settings-view.js';
import { inlineImages, urlsToInline, userFileFetcher } from './inline-images.js';
import { forwardNonStream } from './forward-non-stream.js';
import { forwardStream } from './forward-stream.js';
import { mapModel } from './model-mapping.js';
import type { RelayOutcome } from './relay-outcome.js';
import type { RelayRequest } from './relay-request.js';
import { RelayError } from './relay-error.js';
import type { SaveChannelKey } from './save-channel-key.js';
import { compactBaseModel } from './responses-compact.js';
import { upstreamCall } from './upstream-request.js';
import { usageBounds } from './usage-bounds.js';

/** What one attempt needs of the gateway: its settings, its log, the upstream client and the completion check. */
export type ForwardDeps = Pick<AppServices, 'env' | 'options' | 'log'> & {
  upstream: UpstreamClient;
  completionGuard?: () => ChunkGuard | null;
  /** writes a key an authorize step rewrote (a refreshed OAuth document) back to its channel */
  saveKey?: SaveChannelKey;
};


/** The content type a stream goes to the client with: a Gemini client without `alt=sse` reads a JSON array. */
const streamContentType = (req: RelayRequest, sse: boolean) => (req.format === 'gemini' && !sse ? 'application/json' : 'text/event-stream');

/**
 * One try on one channel: build the upstream request in the channel's dialect, send it, relay the answer
 * in the client's format. Whatever fails leaves here with the channel's keys redacted, and counts toward
 * the channel's health only when the upstream side was at fault (classifyFailure).
 */
export async function forwardAttempt(deps: ForwardDeps, ex: Exchange, req: RelayRequest, channel: ChannelActor, startedAt: number): Promise<RelayOutcome> {
  const ch = channel.config;
  // a compaction is mapped and sent under its base name (new-api's ModelMappedHelper)
  const { upstreamModel, mapped } = mapModel(req.compact ? compactBaseModel(req.model) : req.model, ch.modelMapping);
  const redact = channelRedactor(ch);
  const dialect = dialectOf(ch.type, upstreamModel);
  const native = speaksNatively(req.format, ch.type, upstreamModel);
  const sse = req.format === 'gemini' && new URLSearchParams(ex.req.query).get('alt') === 'sse';
  // Image URLs the target cannot read are fetched before anything else (a refusal is the client's 400, the
  // channel untouched); most requests have none and await nothing here.
  const inlineUrls = urlsToInline(req, ch.type, dialect, native);
  const images = inlineUrls ? await inlineImages(req, inlineUrls, userFileFetcher(deps.env), deps.env.MAX_REQUEST_BODY_MB * 1024 * 1024) : null;
  const picked = channel.pickKey();
  if (!picked) throw new RelayError(503, `channel ${ch.id} has no usable key`, { type: 'upstream_error', code: 'channel:no_available_key', local: false });
  const keyIndex = picked.index;
  const built = upstreamCall(req, ch, picked.key, upstreamModel, {
    settings: formatSettingsOf(deps.options),
    clientHeaders: ex.req.headers,
    forceStreamOption: deps.env.FORCE_STREAM_OPTION,
    azureApiVersion: deps.env.AZURE_DEFAULT_API_VERSION,
    images,
  });
  const t0 = Date.now();
  channel.start(keyIndex);
  const { authorize, reframeStream, transport, collectStream } = providerOf(ch.type);
  let call = built;
  // Only signing and token-fetching rows await here: an OpenAI-style row goes straight on to the send.
  if (authorize) {
    try {
      call = await authorize(built, authorizeContext(deps.env, deps.upstream, deps.saveKey, { ch, key: picked.key, model: upstreamModel, stream: req.stream }));
    } catch (e) {
      if (!ex.aborted && !(e instanceof RelayError)) deps.log.warn('channel authorization failed', { channel: ch.id, cause: redact(causeOf(e)) });
      throw failedAttempt(e instanceof RelayError ? e : authorizeFailure(e), ex, channel, keyIndex, redact, false);
    }
  }
  // an error after a 200 came inside the answer (its body or its stream), which the health rules weigh apart
  let answered = false;
  const { sent, done } = sendAttempt(deps, ex, {
    url: call.url,
    headers: {
      'content-type': 'application/json',
      accept: req.stream ? 'text/event-stream' : 'application/json',
      // Answers are relayed byte for byte and parsed for usage, so ask for them uncompressed.
      'accept-encoding': 'identity',
      ...call.headers,
    },
    body: call.body,
  }, transport && ((r) => transport(r, { ch, policy: adminUrlPolicy(deps.env) })));
  const answer: AnswerContext = { requestId: ex.requestId, now: Date.now, model: req.model, inputEstimate: tokensFromBytes(req.raw.length), sse, hub: providerOf(ch.type).hub };
  try {
    const res = await answerOf(sent, ex, deps.log, ch.id, redact);
    answered = true;
    const bounds = usageBounds(req, ch.paramOverride);
    // own-protocol providers (Tencent, Baidu, Coze) refuse a stream with one JSON body instead of events
    if (req.stream && dialect === 'hub' && /json/i.test(String(res.headers['content-type'] ?? ''))) throw hubStreamRefusal(await readCapped(res.body, 1024 * 1024), answer);
    if (req.stream) {
      const translator = streamTranslator(req, dialect, native, answer, deps.completionGuard?.() ?? null);
      const r = await forwardStream(ex, reframeStream ? { body: reframeStream(res.body) } : res, translator, startedAt, redact, streamContentType(req, sse));
      if (r.failure) {
        forgetRefusedToken(r.failure, ch, picked.key);
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
        toolCalls: translator.toolCalls?.(),
      };
    }
    // a row that always streams upstream (Codex) answers a non-stream client with the stream collected
    const r = await forwardNonStream(ex, res, (buf, contentType) =>
      collectStream && /event-stream/i.test(contentType) ? completeAnswer(req, dialect, native, collectStream(buf), 'application/json', answer) : completeAnswer(req, dialect, native, buf, contentType, answer),
    );
    channel.succeed(Date.now() - t0, keyIndex);
    return { channelId: ch.id, upstreamModel, mapped, usage: r.usage, delivered: r.delivered, bounds, frtMs: -1000, partial: false, toolCalls: r.toolCalls };
  } catch (e) {
    forgetRefusedToken(e, ch, picked.key);
    throw failedAttempt(e, ex, channel, keyIndex, redact, answered);
  } finally {
    done();
  }
}

/** An error's message and, for a wrapped transport failure, its code or message: for the server log. */
function causeOf(e: unknown): string {
  const err = e as { message?: unknown; cause?: { code?: unknown; message?: unknown } };
  const inner = err.cause ? ` (${String(err.cause.code ?? err.cause.message)})` : '';
  return `${String(err.message ?? e)}${inner}`;
}

/** A signing or token step that failed (token endpoint refused, key unreadable): the channel's fault, retried elsewhere. */
export const authorizeFailure = (e: unknown) =>
  new RelayError(502, `channel authorization failed: ${e instanceof Error ? e.message : String(e)}`, { type: 'upstream_error', code: 'authorize_failed', local: false });
