import { ChunkText } from './delivered-text.js';
import type { ChunkSink, ChunkSource, Delivered, RelayFailure, SseEvent, StreamTranslator } from './format-contracts.js';
import type { OpenAiUsage } from './openai/chat-types.js';

/**
 * A stream between two formats through the hub: the upstream dialect's events read as chat chunks, written
 * as the client format's frames. An error the upstream reports mid-stream closes the client's stream with
 * its own error frame.
 */
export class TranslatedStream implements StreamTranslator {
  private readonly text = new ChunkText();
  private failure: RelayFailure | null = null;
  private closed = false;

  constructor(
    private readonly source: ChunkSource,
    private readonly sink: ChunkSink,
  ) {}

  push(event: SseEvent): string {
    if (this.closed) return '';
    const step = this.source.push(event);
    let out = '';
    for (const chunk of step.chunks) {
      this.text.add(chunk);
      out += this.sink.push(chunk);
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

  upstreamFailure(): RelayFailure | null {
    return this.failure;
  }

  delivered(): Delivered {
    return this.text.read();
  }
}
