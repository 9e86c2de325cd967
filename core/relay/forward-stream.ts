import { StringDecoder } from 'node:string_decoder';
import { createParser } from 'eventsource-parser';
import type { SseEvent, StreamTranslator } from '../formats/format-contracts.js';
import type { Exchange } from '../http/exchange.js';
import type { StreamBody } from '../providers/provider.js';
import type { Redact } from './redact-secrets.js';
import { RelayError } from './relay-error.js';
import { transportFailure } from './transport-failure.js';

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
};

// an SSE stream's head is a constant: no header object built per stream
const streamHeaders = (contentType: string) =>
  contentType === SSE_HEADERS['Content-Type'] ? SSE_HEADERS : Object.assign({}, SSE_HEADERS, { 'Content-Type': contentType });

export interface StreamResult {
  /** ms from `startedAt` to the first byte written to the client */
  frtMs: number;
  /** the stream stopped before the upstream finished (client gone or upstream failure after bytes) */
  partial: boolean;
  /** the upstream failed after the stream began; the client has had the format's error frame */
  failure: RelayError | null;
}

/**
 * Relays an upstream SSE stream through the translator, one client write per upstream read, with
 * backpressure. Nothing is written until the translator first has something to say (keep-alive pings
 * aside), so a failure before that can still be retried on another channel; after it, a failure is the
 * format's own error frame. Closing frames are the pipeline's (translator.end, once usage is known).
 */
export async function forwardStream(
  ex: Exchange,
  res: { body: StreamBody },
  translator: StreamTranslator,
  startedAt: number,
  redact: Redact,
  contentType: string,
): Promise<StreamResult> {
  const pending: SseEvent[] = [];
  const parser = createParser({ onEvent: (ev) => pending.push(ev.event ? { event: ev.event, data: ev.data } : { data: ev.data }) });
  // Keeps a UTF-8 sequence split across reads whole (and is cheaper per call than TextDecoder's stream option).
  const decoder = new StringDecoder('utf8');
  let frtMs = 0;
  // The first real frame (a keep-alive ping may have sent the head already; it does not count).
  let started = false;
  const commit = () => {
    if (started) return;
    started = true;
    if (!ex.headSent) ex.writeHead(200, streamHeaders(contentType));
    frtMs = Date.now() - startedAt;
  };
  try {
    for await (const chunk of res.body) {
      parser.feed(decoder.write(chunk));
      let out = '';
      for (const ev of pending) {
        // An upstream error event may quote the channel's key back; content events carry no `"error"` member.
        if (ev.data.includes('"error"')) ev.data = redact(ev.data);
        out += translator.push(ev);
      }
      pending.length = 0;
      const said = translator.upstreamFailure();
      // An upstream that fails before the client has seen anything can still be retried elsewhere.
      if (said && !started) throw upstreamStreamError(said);
      if (said) out += translator.fail(said);
      if (out) {
        commit();
        if (!ex.write(out)) await ex.drain();
      }
      if (said) {
        res.body.destroy();
        return { frtMs, partial: true, failure: upstreamStreamError(said) };
      }
      if (translator.halted?.()) {
        // a guard ended the stream: the rest is not wanted (the pipeline still closes it properly)
        res.body.destroy();
        return { frtMs, partial: false, failure: null };
      }
      if (ex.aborted) {
        res.body.destroy();
        return { frtMs, partial: true, failure: null };
      }
    }
  } catch (e) {
    if (ex.aborted) return { frtMs, partial: true, failure: null };
    const failure = e instanceof RelayError ? e : transportFailure(e, 'stream');
    if (!started) throw failure;
    ex.write(translator.fail(failure));
    return { frtMs, partial: true, failure };
  }
  if (!started) {
    throw new RelayError(502, 'upstream returned an empty stream', { type: 'upstream_error', code: 'empty_response', local: false });
  }
  return { frtMs, partial: false, failure: null };
}

function upstreamStreamError(f: { status: number; message: string; type: string; code: string | number | null; upstream?: Record<string, unknown> | null }): RelayError {
  return new RelayError(f.status, f.message, { type: f.type, code: f.code, local: false, upstream: f.upstream ?? null });
}
