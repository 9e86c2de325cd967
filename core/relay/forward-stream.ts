import { StringDecoder } from 'node:string_decoder';
import { createParser } from 'eventsource-parser';
import { StreamAccumulator } from '../formats/openai/stream-accumulator.js';
import type { Exchange } from '../http/exchange.js';
import type { UpstreamResponse } from '../upstream/upstream-client.js';
import type { Redact } from './redact-secrets.js';
import { RelayError, streamErrorEvent } from './relay-error.js';
import { transportFailure } from './transport-failure.js';

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
};

export interface StreamResult {
  acc: StreamAccumulator;
  /** ms from `startedAt` to the first byte written to the client */
  frtMs: number;
  /** the stream stopped before the upstream finished (client gone or upstream failure after bytes) */
  partial: boolean;
  failure: RelayError | null;
}

/**
 * Relays an upstream SSE stream chunk by chunk with backpressure. Nothing is written to the client until
 * the first real event arrives (keep-alive pings aside), so a failure before that can still be retried on
 * another channel; after it, a failure becomes an error event and the stream still ends with `data: [DONE]`.
 */
export async function forwardStream(ex: Exchange, res: UpstreamResponse, wantsUsage: boolean, startedAt: number, redact: Redact): Promise<StreamResult> {
  const acc = new StreamAccumulator(wantsUsage);
  const pending: string[] = [];
  const parser = createParser({ onEvent: (ev) => pending.push(ev.data) });
  // Keeps a UTF-8 sequence split across reads whole (and is cheaper per call than TextDecoder's stream option).
  const decoder = new StringDecoder('utf8');
  let frtMs = 0;
  // The first real event (a keep-alive ping may have sent the head already; it does not count).
  let started = false;
  const commit = () => {
    if (started) return;
    started = true;
    if (!ex.headSent) ex.writeHead(200, SSE_HEADERS);
    frtMs = Date.now() - startedAt;
  };
  try {
    for await (const chunk of res.body) {
      parser.feed(decoder.write(chunk));
      // Every event parsed from one upstream read goes out in one write (one syscall, not one per event).
      let out = '';
      for (const data of pending) {
        if (data === '[DONE]' || data === '' || acc.inspect(data) === 'drop') continue;
        // An upstream error event may quote the channel's key back; content chunks carry no `"error"` member.
        out += `data: ${data.includes('"error"') ? redact(data) : data}\n\n`;
      }
      pending.length = 0;
      if (out) {
        commit();
        if (!ex.write(out)) await ex.drain();
      }
      if (ex.aborted) {
        res.body.destroy();
        return { acc, frtMs, partial: true, failure: null };
      }
    }
  } catch (e) {
    if (ex.aborted) return { acc, frtMs, partial: true, failure: null };
    const failure = transportFailure(e, 'stream');
    if (!started) throw failure;
    ex.write(streamErrorEvent(failure, ex.requestId));
    return { acc, frtMs, partial: true, failure };
  }
  if (!started) {
    throw new RelayError(502, 'upstream returned an empty stream', { type: 'upstream_error', code: 'empty_response', local: false });
  }
  return { acc, frtMs, partial: false, failure: null };
}
