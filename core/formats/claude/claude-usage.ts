import { isRecord } from '../../contracts/is-record.js';
import type { BuiltInToolCalls } from '../format-contracts.js';
import type { OpenAiUsage } from '../openai/chat-types.js';

/** Usage as Claude reports it: `input_tokens` counts only what was neither read from nor written to the cache. */
export interface ClaudeUsageOut {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** The four counts, however they arrived (an upstream body, or our own ClaudeUsageOut), and the writes' TTL split. */
export type ClaudeUsageCounts = { [K in keyof ClaudeUsageOut]?: number | null } & {
  cache_creation?: { ephemeral_1h_input_tokens?: number | null } | null;
};

const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/**
 * Claude usage → the gateway's OpenAI usage: prompt_tokens includes both cache reads and cache writes;
 * the reads are `prompt_tokens_details.cached_tokens` and the writes `cached_creation_tokens` (new-api's
 * key), which the Claude billing formula takes back out.
 */
export function claudeUsageToOpenAi(u: ClaudeUsageCounts | null | undefined): OpenAiUsage | null {
  if (!u) return null;
  const read = count(u.cache_read_input_tokens);
  const write = count(u.cache_creation_input_tokens);
  const prompt = count(u.input_tokens) + read + write;
  const completion = count(u.output_tokens);
  const usage: OpenAiUsage = {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: read, cached_creation_tokens: write },
  };
  // new-api L's key for the writes made with a 1-hour TTL, which are billed at a higher ratio
  const hour = count(u.cache_creation?.ephemeral_1h_input_tokens);
  if (hour > 0) usage.claude_cache_creation_1_h_tokens = hour;
  return usage;
}

/** The gateway's OpenAI usage → Claude's, for a Claude client served by an OpenAI-dialect channel. */
export function openAiUsageToClaude(u: OpenAiUsage): ClaudeUsageOut {
  const read = count(u.prompt_tokens_details?.cached_tokens ?? u.prompt_cache_hit_tokens);
  const write = count(u.prompt_tokens_details?.cached_creation_tokens);
  return {
    input_tokens: Math.max(0, count(u.prompt_tokens) - read - write),
    output_tokens: count(u.completion_tokens),
    cache_creation_input_tokens: write,
    cache_read_input_tokens: read,
  };
}

/**
 * The web searches Anthropic ran for a message, `usage.server_tool_use.web_search_requests` (billed per call):
 * null when the usage reports no such count (absent, or not a whole number ≥ 0). The count is the message's
 * total so far, never a delta.
 */
export function claudeWebSearchRequests(usage: unknown): number | null {
  const serverTools = isRecord(usage) ? usage.server_tool_use : undefined;
  const n = isRecord(serverTools) ? serverTools.web_search_requests : undefined;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** The billable tool calls of a Claude answer: its web searches. */
export const claudeToolCalls = (webSearches: number): BuiltInToolCalls => ({ webSearch: 0, fileSearch: 0, claudeWebSearch: webSearches });
