import { countText } from './count-text.js';

/** new-api adds this many tokens per tool call when it counts a completion locally. */
export const TOKENS_PER_TOOL_CALL = 7;

/**
 * Completion tokens counted locally when the upstream reported no usage: tokens of the delivered text
 * (content, reasoning, tool names and arguments, concatenated by the caller) + 7 × tool calls (new-api
 * uses the most tool calls seen in one chunk). A negative or fractional count adds nothing.
 */
export function countCompletionTokens(text: string, toolCalls: number, model: string): number {
  const calls = Number.isSafeInteger(toolCalls) && toolCalls > 0 ? toolCalls : 0;
  return countText(text, model) + TOKENS_PER_TOOL_CALL * calls;
}
