import type { RelayFailure, SseEvent, StreamTranslator } from '../format-contracts.js';
import type { OpenAiUsage } from '../openai/chat-types.js';
import { responsesUsageToOpenAi } from './responses-usage.js';

/** The events that close a response and carry its usage. */
const FINAL = /"type"\s*:\s*"response\.(completed|incomplete|failed)"/;

/**
 * A Responses client on a channel that speaks Responses: every event is forwarded as the upstream framed
 * it (`event:` + `data:`); only the closing event is parsed, for the usage inside `response.usage`.
 */
export class ResponsesPassthroughStream implements StreamTranslator {
  private seen: OpenAiUsage | null = null;
  private lastSeq = -1;
  private closed = false;

  push(ev: SseEvent): string {
    if (this.closed || ev.data === '[DONE]') return '';
    const seq = /"sequence_number"\s*:\s*(\d+)/.exec(ev.data);
    if (seq) this.lastSeq = Number(seq[1]);
    if (FINAL.test(ev.data)) {
      try {
        const body = JSON.parse(ev.data) as { response?: { usage?: Parameters<typeof responsesUsageToOpenAi>[0] } };
        this.seen = responsesUsageToOpenAi(body.response?.usage) ?? this.seen;
      } catch {
        // a malformed closing event still reaches the client; billing falls back to counting
      }
    }
    return `${ev.event ? `event: ${ev.event}\n` : ''}data: ${ev.data}\n\n`;
  }

  fail(failure: RelayFailure): string {
    if (this.closed) return '';
    this.closed = true;
    const body = { type: 'error', sequence_number: this.lastSeq + 1, code: failure.code === null ? null : String(failure.code), message: failure.message, param: null };
    return `event: error\ndata: ${JSON.stringify(body)}\n\n`;
  }

  end(): string {
    this.closed = true;
    return '';
  }

  usage(): OpenAiUsage | null {
    return this.seen;
  }
}
