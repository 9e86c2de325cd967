import { DeferredChunkText } from '../delivered-text.js';
import type { Delivered, RelayFailure, SseEvent, StreamTranslator } from '../format-contracts.js';
import type { OpenAiUsage } from '../openai/chat-types.js';
import { googleErrorBody } from './gemini-error-body.js';
import { GeminiEventsToChatChunks } from './gemini-events-to-chat-chunks.js';
import { GeminiFrameWriter } from './gemini-frame-writer.js';
import { geminiUsageMetadataSchema } from './gemini-response-schema.js';
import { geminiUsageToOpenAi } from './gemini-usage.js';

const USAGE = /"usageMetadata"\s*:\s*\{/;
const ERROR = /^\s*\{\s*"error"\s*:/;

/**
 * A Gemini client on a Gemini channel. The upstream is always read as SSE; each event's data is forwarded
 * unchanged, framed as the client asked (SSE, or the JSON array when it did not ask for `alt=sse`). Only events
 * that carry usageMetadata are parsed, and the last one is the usage (Gemini's counts are cumulative).
 */
export class GeminiPassthroughStream implements StreamTranslator {
  private seen: OpenAiUsage | null = null;
  private failure: RelayFailure | null = null;
  private readonly writer: GeminiFrameWriter;
  // The decoder's chunk identity is never read: only the text it finds (and an error it recognises).
  private readonly decoder = new GeminiEventsToChatChunks({ id: '', model: '', created: 0 });
  private readonly text = new DeferredChunkText((ev) => this.decoder.push(ev).chunks);

  constructor(sse: boolean) {
    this.writer = new GeminiFrameWriter(sse);
  }

  push(ev: SseEvent): string {
    // Google sends only JSON objects; anything else (a proxy's ping, `[DONE]`) would corrupt a JSON array
    const data = ev.data.trim();
    if (!data.startsWith('{')) return '';
    this.text.add(ev);
    if (USAGE.test(data)) this.readUsage(data);
    if (!this.failure && ERROR.test(data)) this.failure = new GeminiEventsToChatChunks({ id: '', model: '', created: 0 }).push(ev).failure;
    return this.writer.frame(ev.data);
  }

  fail(failure: RelayFailure): string {
    // the upstream's own error has gone out already: only the close is missing
    if (this.failure) return this.writer.close();
    return this.writer.frame(JSON.stringify(googleErrorBody(failure))) + this.writer.close();
  }

  end(): string {
    return this.writer.close();
  }

  usage(): OpenAiUsage | null {
    return this.seen;
  }

  upstreamFailure(): RelayFailure | null {
    return this.failure;
  }

  delivered(): Delivered {
    return this.text.read();
  }

  private readUsage(data: string): void {
    try {
      const body = JSON.parse(data) as { usageMetadata?: unknown };
      const meta = geminiUsageMetadataSchema.safeParse(body.usageMetadata);
      if (meta.success) this.seen = geminiUsageToOpenAi(meta.data) ?? this.seen;
    } catch {
      // a malformed event still reaches the client; billing falls back to counting
    }
  }
}
