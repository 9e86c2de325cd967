import { DeferredChunkText } from '../delivered-text.js';
import type { BuiltInToolCalls, Delivered, RelayFailure, SseEvent, StreamTranslator } from '../format-contracts.js';
import type { OpenAiUsage } from '../openai/chat-types.js';
import { claudeUpstreamFailure } from './claude-error-body.js';
import { ClaudeEventsToChatChunks } from './claude-events-to-chat-chunks.js';
import { claudeErrorFrame } from './claude-sse-frame.js';
import { parseClaudeEvent } from './claude-upstream-schema.js';
import { ClaudeUsageTracker } from './claude-usage-tracker.js';

/** The events worth parsing; a JSON string cannot hold an unescaped quote, so text never matches. */
const READ = /"type"\s*:\s*"(message_start|message_delta|error)"/;

/**
 * A Claude client on an Anthropic channel: every event goes out as the upstream framed it
 * (`event: X\ndata: Y\n\n`); only message_start, message_delta and error are parsed, for usage (web
 * searches included) and for an upstream error, which reaches the client as Anthropic wrote it.
 */
export class ClaudePassthroughStream implements StreamTranslator {
  private readonly tracker = new ClaudeUsageTracker();
  private upstreamError: RelayFailure | null = null;
  private closed = false;
  // The decoder's chunk identity is never read: only the text it finds.
  private readonly decoder = new ClaudeEventsToChatChunks('', 0);
  private readonly text = new DeferredChunkText((ev) => this.decoder.push(ev).chunks);

  push(event: SseEvent): string {
    if (this.closed) return '';
    this.text.add(event);
    if (READ.test(event.data)) {
      const ev = parseClaudeEvent(event.data);
      if (ev) this.tracker.observe(ev);
      if (ev?.type === 'error') {
        this.upstreamError = claudeUpstreamFailure(ev.error);
        this.closed = true;
      }
    }
    return `${event.event ? `event: ${event.event}\n` : ''}data: ${event.data}\n\n`;
  }

  /** the upstream's own `error` event, already forwarded: the client needs no second error frame */
  upstreamFailure(): RelayFailure | null {
    return this.upstreamError;
  }

  fail(failure: RelayFailure): string {
    if (this.closed) return '';
    this.closed = true;
    return claudeErrorFrame(failure);
  }

  end(): string {
    this.closed = true;
    return '';
  }

  usage(): OpenAiUsage | null {
    return this.tracker.usage();
  }

  /** the web searches the stream reported, billed per call */
  toolCalls(): BuiltInToolCalls {
    return this.tracker.toolCalls();
  }

  delivered(): Delivered {
    return this.text.read();
  }
}
