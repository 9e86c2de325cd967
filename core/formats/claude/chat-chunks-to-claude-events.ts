import type { RelayFailure } from '../format-contracts.js';
import type { ChatChunk, ChatChunkToolCall, OpenAiUsage } from '../openai/chat-types.js';
import { claudeErrorFrame, claudeFrame } from './claude-sse-frame.js';
import { finishToClaudeStop } from './claude-stop-reason.js';
import { openAiUsageToClaude } from './claude-usage.js';

type TextKind = 'text' | 'thinking';

/**
 * OpenAI chunks as the Claude event stream Claude Code and the Anthropic SDK read: message_start (its
 * input_tokens the gateway's estimate, as new-api does), then content blocks numbered from 0 in order —
 * thinking and text runs one block each, each tool call a tool_use block whose arguments arrive as
 * input_json_delta — and, at `end`, message_delta with the stop reason and billed usage, then
 * message_stop. Tool blocks stay open together (parallel calls may interleave) until other content or the end.
 */
export class ChatChunksToClaudeEvents {
  private started = false;
  private closed = false;
  private nextIndex = 0;
  private open: { kind: TextKind; index: number } | null = null;
  /** chat tool-call index → its open tool_use block */
  private readonly tools = new Map<number, number>();
  private sawTool = false;
  private finish: string | null = null;
  private lastUsage: OpenAiUsage | null = null;

  constructor(
    private readonly model: string,
    private readonly inputTokensEstimate: number,
    private readonly now: number,
  ) {}

  push(chunk: ChatChunk): string {
    if (this.closed) return '';
    let out = this.start(chunk);
    const u = chunk.usage;
    if (u && ((u.prompt_tokens ?? 0) > 0 || (u.completion_tokens ?? 0) > 0)) this.lastUsage = u;
    const choice = chunk.choices?.[0];
    if (!choice) return out;
    const d = choice.delta ?? {};
    const reasoning = d.reasoning_content || (typeof d.reasoning === 'string' ? d.reasoning : '');
    if (reasoning) out += this.text('thinking', reasoning);
    if (typeof d.content === 'string' && d.content) out += this.text('text', d.content);
    (d.tool_calls ?? []).forEach((call, i) => (out += this.tool(call, call.index ?? i)));
    if (choice.finish_reason) this.finish = choice.finish_reason;
    return out;
  }

  /** the usage the upstream's chunks carried (OpenAI semantics), if any */
  usage(): OpenAiUsage | null {
    return this.lastUsage;
  }

  end(usage: OpenAiUsage): string {
    if (this.closed) return '';
    this.closed = true;
    const stop = finishToClaudeStop(this.finish);
    return (
      this.start(null) +
      this.closeAll() +
      claudeFrame({
        type: 'message_delta',
        // an upstream that ends tool calls with "stop" would leave a Claude client waiting for a reply
        delta: { stop_reason: stop === 'end_turn' && this.sawTool ? 'tool_use' : stop, stop_sequence: null },
        usage: openAiUsageToClaude(usage),
      }) +
      claudeFrame({ type: 'message_stop' })
    );
  }

  fail(failure: RelayFailure): string {
    if (this.closed) return '';
    this.closed = true;
    return claudeErrorFrame(failure);
  }

  private start(chunk: ChatChunk | null): string {
    if (this.started) return '';
    this.started = true;
    const usage = { input_tokens: this.inputTokensEstimate, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    const message = { id: chunk?.id || `msg_${this.now}`, type: 'message', role: 'assistant', model: chunk?.model || this.model, content: [], stop_reason: null, stop_sequence: null, usage };
    return claudeFrame({ type: 'message_start', message });
  }

  private text(kind: TextKind, delta: string): string {
    let out = '';
    if (this.open?.kind !== kind) {
      out += this.closeAll();
      this.open = { kind, index: this.nextIndex++ };
      out += claudeFrame({ type: 'content_block_start', index: this.open.index, content_block: kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '' } });
    }
    const body = kind === 'text' ? { type: 'text_delta', text: delta } : { type: 'thinking_delta', thinking: delta };
    return out + claudeFrame({ type: 'content_block_delta', index: this.open.index, delta: body });
  }

  private tool(call: ChatChunkToolCall, chatIndex: number): string {
    let out = '';
    let index = this.tools.get(chatIndex);
    if (index === undefined) {
      out += this.closeText();
      index = this.nextIndex++;
      this.tools.set(chatIndex, index);
      this.sawTool = true;
      const block = { type: 'tool_use', id: call.id || `toolu_${this.now}_${index}`, name: call.function?.name ?? '', input: {} };
      out += claudeFrame({ type: 'content_block_start', index, content_block: block });
    }
    const args = call.function?.arguments;
    if (args) out += claudeFrame({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: args } });
    return out;
  }

  private closeText(): string {
    if (!this.open) return '';
    const index = this.open.index;
    this.open = null;
    return claudeFrame({ type: 'content_block_stop', index });
  }

  private closeAll(): string {
    let out = this.closeText();
    for (const index of this.tools.values()) out += claudeFrame({ type: 'content_block_stop', index });
    this.tools.clear();
    return out;
  }
}
