import { DeferredChunkText } from '../delivered-text.js';
import type { BuiltInToolCalls, Delivered, RelayFailure, SseEvent, StreamTranslator } from '../format-contracts.js';
import type { ChatChunk, OpenAiUsage } from '../openai/chat-types.js';
import { countBuiltInToolCalls } from './built-in-tool-calls.js';
import { responsesUsageToOpenAi } from './responses-usage.js';

/** The events that close a response and carry its usage. */
const FINAL = /"type"\s*:\s*"response\.(completed|incomplete|failed)"/;
const FAILED = /"type"\s*:\s*"(response\.failed|error)"/;
/** The delta events that carry what the model wrote, and where in a chat delta each belongs. */
const DELTAS: Readonly<Record<string, 'content' | 'reasoning_content' | 'arguments'>> = {
  'response.output_text.delta': 'content',
  'response.reasoning_summary_text.delta': 'reasoning_content',
  'response.reasoning_text.delta': 'reasoning_content',
  'response.function_call_arguments.delta': 'arguments',
};

/**
 * A Responses client on a channel that speaks Responses: every event is forwarded as the upstream framed
 * it (`event:` + `data:`); only the closing event is parsed, for the usage inside `response.usage` and the
 * built-in tool calls (billed per call) among `response.output`.
 */
export class ResponsesPassthroughStream implements StreamTranslator {
  private seen: OpenAiUsage | null = null;
  private calls: BuiltInToolCalls = { webSearch: 0, fileSearch: 0 };
  private lastSeq = -1;
  private closed = false;
  private failure: RelayFailure | null = null;
  private readonly text = new DeferredChunkText(deltaChunks);

  push(ev: SseEvent): string {
    if (this.closed || ev.data === '[DONE]') return '';
    const seq = /"sequence_number"\s*:\s*(\d+)/.exec(ev.data);
    if (seq) this.lastSeq = Number(seq[1]);
    this.text.add(ev);
    if (!this.failure && FAILED.test(ev.data)) this.failure = failureOf(ev.data);
    if (FINAL.test(ev.data)) {
      try {
        const body = JSON.parse(ev.data) as { response?: { usage?: Parameters<typeof responsesUsageToOpenAi>[0]; output?: unknown } };
        this.seen = responsesUsageToOpenAi(body.response?.usage) ?? this.seen;
        this.calls = countBuiltInToolCalls(body.response?.output);
      } catch {
        // a malformed closing event still reaches the client; billing falls back to counting
      }
    }
    return `${ev.event ? `event: ${ev.event}\n` : ''}data: ${ev.data}\n\n`;
  }

  fail(failure: RelayFailure): string {
    if (this.closed) return '';
    this.closed = true;
    // the upstream's own error event has gone out already
    if (this.failure) return '';
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

  upstreamFailure(): RelayFailure | null {
    return this.failure;
  }

  toolCalls(): BuiltInToolCalls {
    return this.calls;
  }

  delivered(): Delivered {
    return this.text.read();
  }
}

/** A delta event as the chat chunk that would carry the same text (for counting only). */
function deltaChunks(ev: SseEvent): ChatChunk[] {
  let body: { type?: unknown; delta?: unknown; item?: { type?: unknown; name?: unknown } };
  try {
    body = JSON.parse(ev.data) as typeof body;
  } catch {
    return [];
  }
  const kind = typeof body.type === 'string' ? DELTAS[body.type] : undefined;
  let delta: ChatChunk['choices'][number]['delta'] | null = null;
  if (kind && typeof body.delta === 'string') {
    delta = kind === 'arguments' ? { tool_calls: [{ index: 0, function: { arguments: body.delta } }] } : { [kind]: body.delta };
  } else if (body.type === 'response.output_item.added' && body.item?.type === 'function_call' && typeof body.item.name === 'string') {
    delta = { tool_calls: [{ index: 0, function: { name: body.item.name } }] };
  }
  return delta ? [{ id: '', object: 'chat.completion.chunk', created: 0, model: '', choices: [{ index: 0, delta, finish_reason: null }] }] : [];
}

/** `response.failed` or an `error` event: what the upstream said went wrong. */
function failureOf(data: string): RelayFailure {
  let error: { code?: unknown; message?: unknown } | undefined;
  try {
    const body = JSON.parse(data) as { type?: string; response?: { error?: typeof error }; code?: unknown; message?: unknown };
    error = body.type === 'error' ? body : body.response?.error ?? undefined;
  } catch {
    error = undefined;
  }
  const message = typeof error?.message === 'string' && error.message ? error.message : 'upstream response failed';
  return { status: 500, message, type: 'upstream_error', code: typeof error?.code === 'string' ? error.code : 'response_failed' };
}
