import type { ChunkSink, RelayFailure } from '../format-contracts.js';
import type { ChatChunk, OpenAiUsage } from './chat-types.js';
import { OPENAI_DONE, openAiStreamFailure } from './openai-error-body.js';
import type { OpenAiStreamContext } from './openai-passthrough-stream.js';

/**
 * Chat chunks translated from another dialect, as an OpenAI client's stream: each chunk one `data:` event
 * without usage, then — when the client asked for it — one usage chunk with the usage that is billed, then [DONE].
 */
export class ChatChunksToOpenAiFrames implements ChunkSink {
  private last: Pick<ChatChunk, 'id' | 'created' | 'model'> | null = null;

  constructor(private readonly ctx: OpenAiStreamContext) {}

  push(chunk: ChatChunk): string {
    this.last = chunk;
    if (!chunk.choices?.length) return '';
    const { usage: _usage, ...rest } = chunk;
    return `data: ${JSON.stringify(rest)}\n\n`;
  }

  end(usage: OpenAiUsage): string {
    if (!this.ctx.includeUsage) return OPENAI_DONE;
    const now = Math.floor(this.ctx.now() / 1000);
    const last = this.last;
    const chunk = { id: last?.id || `chatcmpl-${now}`, object: 'chat.completion.chunk', created: last?.created || now, model: last?.model || this.ctx.model, choices: [], usage };
    return `data: ${JSON.stringify(chunk)}\n\n${OPENAI_DONE}`;
  }

  fail(failure: RelayFailure): string {
    return openAiStreamFailure(failure, this.ctx.requestId);
  }
}
