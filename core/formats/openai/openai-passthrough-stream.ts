import type { Delivered, RelayFailure, SseEvent, StreamTranslator } from '../format-contracts.js';
import type { OpenAiUsage } from './chat-types.js';
import { OPENAI_DONE, openAiStreamFailure } from './openai-error-body.js';
import { StreamAccumulator } from './stream-accumulator.js';

export interface OpenAiStreamContext {
  /** stream_options.include_usage as the client sent it */
  includeUsage: boolean;
  /** the model the client asked for, for a usage chunk the gateway writes itself */
  model: string;
  requestId: string;
  now: () => number;
}

const UPSTREAM_ERROR = /^\s*\{\s*"error"\s*:/;

/**
 * An OpenAI client on an OpenAI-dialect channel: chunks go out byte for byte, a usage-only chunk the client
 * did not ask for is dropped, and the close is new-api's — the usage chunk the client asked for when the
 * upstream sent none, then `data: [DONE]` (the upstream's own [DONE] is not forwarded, so it is written once).
 */
export class OpenAiPassthroughStream implements StreamTranslator {
  private readonly acc: StreamAccumulator;
  private failure: RelayFailure | null = null;
  private closed = false;

  constructor(private readonly ctx: OpenAiStreamContext) {
    this.acc = new StreamAccumulator(ctx.includeUsage);
  }

  push(ev: SseEvent): string {
    const data = ev.data;
    if (this.closed || data === '[DONE]' || data === '') return '';
    if (this.acc.inspect(data) === 'drop') return '';
    if (!this.failure && UPSTREAM_ERROR.test(data)) this.failure = errorChunkFailure(data);
    return `data: ${data}\n\n`;
  }

  fail(failure: RelayFailure): string {
    if (this.closed) return '';
    this.closed = true;
    // the upstream's own error chunk has gone out already: only the close is missing
    return this.failure ? OPENAI_DONE : openAiStreamFailure(failure, this.ctx.requestId);
  }

  end(usage: OpenAiUsage): string {
    if (this.closed) return '';
    this.closed = true;
    const usageChunk = this.ctx.includeUsage && !this.acc.usage ? `data: ${this.acc.usageChunk(usage, this.ctx.model, Math.floor(this.ctx.now() / 1000))}\n\n` : '';
    return usageChunk + OPENAI_DONE;
  }

  usage(): OpenAiUsage | null {
    return this.acc.usage;
  }

  upstreamFailure(): RelayFailure | null {
    return this.failure;
  }

  delivered(): Delivered {
    return this.acc.read();
  }
}

/** `{"error":{…}}` sent as a stream chunk: the upstream gave up mid-way and said why. */
export function errorChunkFailure(data: string): RelayFailure {
  let error: Record<string, unknown> | null = null;
  try {
    const body = JSON.parse(data) as { error?: unknown };
    if (body.error && typeof body.error === 'object') error = body.error as Record<string, unknown>;
    else if (typeof body.error === 'string') error = { message: body.error };
  } catch {
    error = null;
  }
  const message = typeof error?.message === 'string' && error.message ? error.message : 'upstream reported an error inside the stream';
  return { status: 500, message, type: typeof error?.type === 'string' ? error.type : 'upstream_error', code: (error?.code as string | number | null | undefined) ?? 'stream_error', upstream: error };
}
