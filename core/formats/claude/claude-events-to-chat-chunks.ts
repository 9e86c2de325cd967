import type { BuiltInToolCalls, RelayFailure, SseEvent } from '../format-contracts.js';
import type { ChatChunk, ChatFinishReason, OpenAiUsage } from '../openai/chat-types.js';
import { claudeUpstreamFailure } from './claude-error-body.js';
import { claudeStopToFinish } from './claude-stop-reason.js';
import { parseClaudeEvent, type ClaudeStreamEvent } from './claude-upstream-schema.js';
import { ClaudeUsageTracker } from './claude-usage-tracker.js';

type Delta = ChatChunk['choices'][number]['delta'];

export interface ClaudeEventsStep {
  chunks: ChatChunk[];
  /** the upstream sent an `error` event: the stream is over and this is what to tell the client */
  failure: RelayFailure | null;
}

/**
 * An Anthropic stream as OpenAI chunks, for an OpenAI client (or the next format through the hub):
 * text_delta → content, thinking_delta → reasoning_content, each tool_use block → one tool call (index,
 * id and name first, then its input_json_delta fragments as arguments), message_delta → finish_reason.
 * Pings, signatures, block stops, empty deltas and event types it does not know produce nothing.
 */
export class ClaudeEventsToChatChunks {
  private id: string;
  private model: string;
  /** content block index → tool-call index, for tool_use blocks only (not server_tool_use) */
  private readonly toolIndexes = new Map<number, number>();
  private readonly tracker = new ClaudeUsageTracker();
  private failed = false;

  constructor(
    fallbackModel: string,
    private readonly now: number,
  ) {
    this.id = `chatcmpl-${now}`;
    this.model = fallbackModel;
  }

  push(event: SseEvent): ClaudeEventsStep {
    const ev = this.failed ? null : parseClaudeEvent(event.data);
    if (!ev) return { chunks: [], failure: null };
    this.tracker.observe(ev);
    if (ev.type === 'error') {
      this.failed = true;
      return { chunks: [], failure: claudeUpstreamFailure(ev.error) };
    }
    return { chunks: this.translate(ev), failure: null };
  }

  /** usage in OpenAI semantics once message_delta reported the output count, else null */
  usage(): OpenAiUsage | null {
    return this.tracker.usage();
  }

  /** the web searches the stream reported (the last count of message_start / message_delta) */
  toolCalls(): BuiltInToolCalls {
    return this.tracker.toolCalls();
  }

  private translate(ev: ClaudeStreamEvent): ChatChunk[] {
    switch (ev.type) {
      case 'message_start':
        if (ev.message?.id) this.id = ev.message.id;
        if (ev.message?.model) this.model = ev.message.model;
        return [this.chunk({ role: 'assistant', content: '' })];
      case 'content_block_start': {
        const block = ev.content_block;
        if (block?.type === 'tool_use') {
          const index = this.toolIndexes.size;
          this.toolIndexes.set(ev.index ?? 0, index);
          return [this.chunk({ tool_calls: [{ index, id: block.id ?? '', type: 'function', function: { name: block.name ?? '', arguments: '' } }] })];
        }
        if (block?.type === 'text' && block.text) return [this.chunk({ content: block.text })];
        if (block?.type === 'thinking' && block.thinking) return [this.chunk({ reasoning_content: block.thinking })];
        return [];
      }
      case 'content_block_delta': {
        const d = ev.delta;
        if (d?.type === 'text_delta' && d.text) return [this.chunk({ content: d.text })];
        if (d?.type === 'thinking_delta' && d.thinking) return [this.chunk({ reasoning_content: d.thinking })];
        const index = this.toolIndexes.get(ev.index ?? 0);
        if (d?.type === 'input_json_delta' && d.partial_json && index !== undefined) return [this.chunk({ tool_calls: [{ index, function: { arguments: d.partial_json } }] })];
        return [];
      }
      case 'message_delta': {
        const finish = claudeStopToFinish(ev.delta?.stop_reason);
        return finish ? [this.chunk({}, finish)] : [];
      }
      default:
        return [];
    }
  }

  private chunk(delta: Delta, finish: ChatFinishReason = null): ChatChunk {
    return { id: this.id, object: 'chat.completion.chunk', created: this.now, model: this.model, choices: [{ index: 0, delta, finish_reason: finish }] };
  }
}
