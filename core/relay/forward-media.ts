import type { ChannelActor } from '../actors/channel-actor.js';
import type { MediaRequest } from '../formats/media/media-request.js';
import type { Exchange } from '../http/exchange.js';
import { providerOf } from '../providers/registry.js';
import { readCapped } from '../upstream/read-capped.js';
import type { UpstreamResponse } from '../upstream/upstream-client.js';
import { answerOf, authorizeContext, failedAttempt, forgetRefusedToken, sendAttempt } from './attempt.js';
import { channelRedactor } from './channel-redactor.js';
import { authorizeFailure, type ForwardDeps } from './forward-attempt.js';
import { mediaFailure, mediaUpstreamCall } from './media-upstream.js';
import { mapModel } from './model-mapping.js';
import { RelayError } from './relay-error.js';
import { transportFailure } from './transport-failure.js';
import { upstreamError } from './upstream-error.js';

/** What one media exchange produced: the channel, the model it was sent as, and the answer's JSON (null: not JSON). */
export interface MediaOutcome {
  channelId: number;
  upstreamModel: string;
  mapped: boolean;
  answer: unknown;
}

const MAX_ANSWER = 64 * 1024 * 1024;

const badBody = () => new RelayError(502, 'upstream returned a body that is not JSON', { type: 'upstream_error', code: 'bad_response_body', local: false });

/** Speech answers are audio and transcriptions may be text, srt or vtt: only the other kinds must answer JSON. */
const answersJson = (req: MediaRequest) => req.kind !== 'speech' && req.kind !== 'transcription' && req.kind !== 'translation';

/**
 * One try of a media request on one channel, with forwardAttempt's rules: keys redacted from whatever
 * fails, the channel's health told only when the upstream was at fault. The answer goes back to the client
 * as the upstream sent it (bytes and Content-Type: audio, JSON, text, srt, vtt); a JSON kind whose answer is
 * not JSON, or carries an error, is an upstream failure (retried elsewhere, not billed).
 */
export async function forwardMedia(deps: ForwardDeps, ex: Exchange, req: MediaRequest, query: string, channel: ChannelActor): Promise<MediaOutcome> {
  const ch = channel.config;
  const { upstreamModel, mapped } = mapModel(req.model, ch.modelMapping);
  const redact = channelRedactor(ch);
  const picked = channel.pickKey();
  if (!picked) throw new RelayError(503, `channel ${ch.id} has no usable key`, { type: 'upstream_error', code: 'channel:no_available_key', local: false });
  const keyIndex = picked.index;
  const t0 = Date.now();
  channel.start(keyIndex);
  let answered = false;
  let done = () => {};
  try {
    // inside the attempt: an adapter may fetch first (Replicate's upload), and its failure is the channel's
    let call = await mediaUpstreamCall(req, ch, picked.key, upstreamModel, query, deps.env.AZURE_DEFAULT_API_VERSION, deps.upstream);
    // a row that signs or fetches tokens (Codex's OAuth access token for an alpha search) as on the text path
    const { authorize } = providerOf(ch.type);
    if (authorize) {
      try {
        call = await authorize(call, authorizeContext(deps.env, deps.upstream, deps.saveKey, { ch, key: picked.key, model: upstreamModel, stream: false }));
      } catch (e) {
        throw e instanceof RelayError ? e : authorizeFailure(e);
      }
    }
    const attempt = sendAttempt(deps, ex, { url: call.url, headers: { accept: '*/*', 'accept-encoding': 'identity', ...call.headers }, body: call.body });
    done = attempt.done;
    const sent = attempt.sent;
    const res = await answerOf(sent, ex, deps.log, ch.id, redact, providerOf(ch.type).media !== undefined);
    answered = true;
    if (req.kind === 'speech') {
      // audio goes to the client as it arrives (its price was known before the call)
      await relayBytes(ex, res, typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : 'application/octet-stream');
      channel.succeed(Date.now() - t0, keyIndex);
      return { channelId: ch.id, upstreamModel, mapped, answer: null };
    }
    let buf: Buffer;
    try {
      buf = await readCapped(res.body, MAX_ANSWER);
    } catch (e) {
      throw transportFailure(e, 'response');
    }
    const contentType = typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : answersJson(req) ? 'application/json' : 'application/octet-stream';
    let answer: Record<string, unknown> | null = answersJson(req) ? jsonAnswer(buf) : null;
    const adapter = providerOf(ch.type).media;
    if (adapter && answer) {
      // a provider's own answer (a Replicate prediction) becomes OpenAI's, which is what is sent and billed
      const converted = await adapter.answer(answer, { req, upstream: deps.upstream, nowS: Math.floor(Date.now() / 1000) });
      if (!converted.ok) throw mediaFailure(converted.failure);
      answer = converted.value;
      ex.send(200, JSON.stringify(answer), { 'Content-Type': 'application/json' });
    } else ex.send(200, buf, { 'Content-Type': contentType });
    channel.succeed(Date.now() - t0, keyIndex);
    return { channelId: ch.id, upstreamModel, mapped, answer };
  } catch (e) {
    // a refused OAuth token (Codex's alpha search) is dropped, as on the text path
    forgetRefusedToken(e, ch, picked.key);
    throw failedAttempt(e, ex, channel, keyIndex, redact, answered);
  } finally {
    done();
  }
}

/** The upstream's body streamed to the client unchanged, with backpressure; a cut stream is a transport failure. */
async function relayBytes(ex: Exchange, res: UpstreamResponse, contentType: string): Promise<void> {
  ex.writeHead(200, { 'Content-Type': contentType });
  try {
    for await (const chunk of res.body) {
      if (!ex.writeBytes(chunk)) await ex.drain();
    }
  } catch (e) {
    throw transportFailure(e, 'response');
  }
  ex.end();
}

/** The answer's JSON object; an error object inside a 200 is the upstream's failure. */
function jsonAnswer(buf: Buffer): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(buf.toString('utf8'));
  } catch {
    throw badBody();
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw badBody();
  const obj = json as Record<string, unknown>;
  if (obj.error && !obj.data && !obj.results) throw upstreamError(500, buf.toString('utf8'));
  return obj;
}
