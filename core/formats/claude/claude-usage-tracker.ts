import type { BuiltInToolCalls } from '../format-contracts.js';
import type { OpenAiUsage } from '../openai/chat-types.js';
import type { ClaudeStreamEvent } from './claude-upstream-schema.js';
import { claudeToolCalls, claudeUsageToOpenAi, claudeWebSearchRequests, type ClaudeUsageCounts, type ClaudeUsageOut } from './claude-usage.js';

const FIELDS: ReadonlyArray<keyof ClaudeUsageOut> = ['input_tokens', 'output_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens'];

/**
 * A Claude stream's usage: message_start gives the input side (input, cache read, cache creation),
 * message_delta the cumulative output (and, from newer APIs and some hosts, the input again). A count
 * of zero in message_delta means "not reported" there, never "none", so it does not overwrite.
 * The web search count (server_tool_use) is cumulative too: the last one reported is the message's.
 */
export class ClaudeUsageTracker {
  private readonly seen: ClaudeUsageCounts = {};
  private final = false;
  private webSearches = 0;

  observe(ev: ClaudeStreamEvent): void {
    if (ev.type === 'message_start') {
      this.merge(ev.message?.usage, true);
      this.searches(ev.message?.usage);
    } else if (ev.type === 'message_delta' && ev.usage) {
      this.merge(ev.usage, false);
      this.searches(ev.usage);
      if (typeof ev.usage.output_tokens === 'number') this.final = true;
    }
  }

  /** the web searches reported so far, billed per call whether or not the output count came */
  toolCalls(): BuiltInToolCalls {
    return claudeToolCalls(this.webSearches);
  }

  /**
   * OpenAI-semantics usage once message_delta has given the output count; null before, since
   * message_start's output count is a placeholder and billing must then count the text itself.
   */
  usage(): OpenAiUsage | null {
    return this.final ? claudeUsageToOpenAi(this.seen) : null;
  }

  private searches(usage: unknown): void {
    this.webSearches = claudeWebSearchRequests(usage) ?? this.webSearches;
  }

  private merge(u: ClaudeUsageCounts | null | undefined, start: boolean): void {
    for (const f of FIELDS) {
      const n = u?.[f];
      if (typeof n === 'number' && (start || n > 0)) this.seen[f] = n;
    }
    if (u?.cache_creation) this.seen.cache_creation = u.cache_creation;
  }
}
