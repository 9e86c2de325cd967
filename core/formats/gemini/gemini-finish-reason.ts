import type { ChatFinishReason } from '../openai/chat-types.js';

/**
 * Gemini's finishReason as chat's, new-api's way: STOP → stop, MAX_TOKENS → length, anything else (SAFETY,
 * RECITATION, BLOCKLIST, …) → content_filter. Gemini says STOP after function calls, so an answer that called
 * tools finishes with tool_calls. No reason yet → null.
 */
export function geminiFinishToOpenAi(reason: string | null | undefined, calledTools: boolean): ChatFinishReason {
  if (!reason) return null;
  if (calledTools) return 'tool_calls';
  if (reason === 'STOP') return 'stop';
  if (reason === 'MAX_TOKENS') return 'length';
  return 'content_filter';
}

/** Chat's finish reason as Gemini's. Tool calls end with STOP, as Gemini's own do; a stream that just ended, too. */
export function openAiFinishToGemini(reason: ChatFinishReason | undefined): string {
  if (reason === 'length' || reason === 'max_tokens') return 'MAX_TOKENS';
  if (reason === 'content_filter') return 'SAFETY';
  return 'STOP';
}
