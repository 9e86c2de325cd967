import { ChunkText } from './delivered-text.js';
import type { BuiltInToolCalls, ChunkGuard, ChunkSink, ChunkSource, Delivered, RelayFailure, SseEvent, StreamTranslator } from './format-contracts.js';
import type { OpenAiUsage } from './openai/chat-types.js';

/**
 * A stream between two formats through the hub: the upstream dialect's events read as chat chunks, written
 * as the client format's frames. An error the upstream reports mid-stream closes the client's stream with
 * its own error frame. A guard sees every chunk before the client does, and may end the stream.
 */
export class TranslatedStream implements StreamTranslator {
  private readonly text = new ChunkText();
  private failure: RelayFailure | null = null;
  private closed = false;
  private stopped = false;

  constructor(
    private readonly source: ChunkSource,
    private readonly sink: ChunkSink,
    private readonly guard: ChunkGuard | null = null,
  ) {}

  push(event: SseEvent): string {
    if (this.closed || this.stopped) return '';
    const step = this.source.push(event);
    let out = '';
    for (const upstreamChunk of step.chunks) {
      const checked = this.guard ? this.guard.check(upstreamChunk) : { chunk: upstreamChunk, stop: false };
      this.text.add(checked.chunk);
      out += this.sink.push(checked.chunk);
      if (checked.stop) {
        this.stopped = true;
        return out;
      }
    }
    if (step.failure) {
      this.failure = step.failure;
      this.closed = true;
      out += this.sink.fail(step.failure);
    }
    return out;
  }

  fail(failure: RelayFailure): string {
    if (this.closed) return '';
    this.closed = true;
    return this.sink.fail(failure);
  }

  end(usage: OpenAiUsage): string {
    if (this.closed) return '';
    this.closed = true;
    return this.sink.end(usage);
  }

  usage(): OpenAiUsage | null {
    return this.source.usage();
  }

  /** the source's server-side tool calls (a Claude stream's web searches), whatever the client's format */
  toolCalls(): BuiltInToolCalls | undefined {
    return this.source.toolCalls?.();
  }

  halted(): boolean {
    return this.stopped;
  }

  upstreamFailure(): RelayFailure | null {
    return this.failure;
  }

  delivered(): Delivered {
    return this.text.read();
  }
}
