import type { ChunkSource, RelayFailure, SseEvent } from '../format-contracts.js';
import type { ChatChunk, OpenAiUsage } from './chat-types.js';
import { errorChunkFailure } from './openai-passthrough-stream.js';
import { reportsUsage } from './openai-usage.js';

/** An OpenAI-dialect upstream's stream read as chat chunks, for a client of another format. */
export class OpenAiChunkSource implements ChunkSource {
  private seen: OpenAiUsage | null = null;
  private failed = false;

  push(ev: SseEvent): { chunks: readonly ChatChunk[]; failure: RelayFailure | null } {
    if (this.failed || ev.data === '[DONE]' || ev.data === '') return { chunks: [], failure: null };
    let chunk: ChatChunk & { error?: unknown };
    try {
      chunk = JSON.parse(ev.data) as ChatChunk & { error?: unknown };
    } catch {
      return { chunks: [], failure: null };
    }
    if (!chunk || typeof chunk !== 'object') return { chunks: [], failure: null };
    if (chunk.error !== undefined && !Array.isArray(chunk.choices)) {
      this.failed = true;
      return { chunks: [], failure: errorChunkFailure(ev.data) };
    }
    if (reportsUsage(chunk.usage)) this.seen = chunk.usage;
    return { chunks: Array.isArray(chunk.choices) ? [chunk] : [], failure: null };
  }

  usage(): OpenAiUsage | null {
    return this.seen;
  }
}
