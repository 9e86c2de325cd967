import type { ChatFinishReason } from '../openai/chat-types.js';

export type ClaudeStopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'pause_turn' | 'refusal';

/**
 * Claude's stop_reason as an OpenAI finish_reason. `max_tokens` stays `max_tokens`, as new-api answers
 * (spec §8.2), not `length`. A reason Anthropic adds later reads as a normal stop.
 */
export function claudeStopToFinish(stop: string | null | undefined): ChatFinishReason {
  switch (stop) {
    case null:
    case undefined:
    case '':
      return null;
    case 'tool_use':
      return 'tool_calls';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'max_tokens';
    case 'refusal':
      return 'content_filter';
    default:
      return 'stop';
  }
}

/** An OpenAI finish_reason as Claude's stop_reason; no reason at all means the turn simply ended. */
export function finishToClaudeStop(finish: string | null | undefined): ClaudeStopReason {
  switch (finish) {
    case 'length':
    case 'max_tokens':
      return 'max_tokens';
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    case 'content_filter':
      return 'refusal';
    default:
      return 'end_turn';
  }
}
