import type { ChatCompletion, ChatMessage } from '../openai/chat-types.js';
import { geminiFinishToOpenAi } from './gemini-finish-reason.js';
import { geminiPartsToOpenAi } from './gemini-parts-to-openai.js';
import type { GeminiResponse } from './gemini-response-schema.js';
import { geminiUsageToOpenAi } from './gemini-usage.js';

/** The identity the relay gives a translated answer (the upstream's ids mean nothing to a chat client). */
export interface ChatMeta {
  id: string;
  model: string;
  /** unix seconds */
  created: number;
}

/** Tool-call ids derived from the answer id, so the same answer always gets the same ids. */
export const toolCallId = (base: string, choice: number, n: number) => `call_${base.replace(/^chatcmpl-/, '')}_${choice}_${n}`;

/**
 * A Gemini generateContent answer as a chat completion. A prompt Gemini blocked (no candidates,
 * `promptFeedback.blockReason`) is an empty answer finished by content_filter.
 */
export function geminiToOpenAiResponse(res: GeminiResponse, meta: ChatMeta): ChatCompletion {
  const candidates = res.candidates ?? [];
  const choices: ChatCompletion['choices'] = candidates.map((candidate, i) => {
    const index = candidate.index ?? i;
    const pieces = geminiPartsToOpenAi(candidate.content?.parts ?? [], (n) => toolCallId(meta.id, index, n));
    const message: ChatMessage = { role: 'assistant', content: pieces.content || (pieces.toolCalls.length ? null : '') };
    if (pieces.reasoning) message.reasoning_content = pieces.reasoning;
    if (pieces.toolCalls.length) message.tool_calls = pieces.toolCalls;
    return { index, message, finish_reason: geminiFinishToOpenAi(candidate.finishReason ?? 'STOP', pieces.toolCalls.length > 0) };
  });
  if (!choices.length) {
    const blocked = !!res.promptFeedback?.blockReason;
    choices.push({ index: 0, message: { role: 'assistant', content: '' }, finish_reason: blocked ? 'content_filter' : 'stop' });
  }
  const completion: ChatCompletion = { id: meta.id, object: 'chat.completion', created: meta.created, model: meta.model, choices };
  const usage = geminiUsageToOpenAi(res.usageMetadata);
  if (usage) completion.usage = usage;
  return completion;
}
