import type { ChatCompletion, ChatMessage } from '../openai/chat-types.js';
import { functionCallPart } from './function-call-part.js';
import { openAiFinishToGemini } from './gemini-finish-reason.js';
import type { GeminiPart } from './gemini-request-schema.js';
import type { GeminiResponse } from './gemini-response-schema.js';
import { openAiUsageToGemini } from './gemini-usage.js';

/** A chat completion as the generateContent answer a Gemini client reads. */
export function openAiToGeminiResponse(res: ChatCompletion, fallbackModel: string): GeminiResponse {
  const out: GeminiResponse = {
    candidates: res.choices.map((choice, i) => ({
      content: { parts: messageParts(choice.message), role: 'model' },
      finishReason: openAiFinishToGemini(choice.finish_reason),
      index: choice.index ?? i,
    })),
  };
  if (res.usage) out.usageMetadata = openAiUsageToGemini(res.usage);
  out.modelVersion = res.model || fallbackModel;
  if (res.id) out.responseId = res.id;
  return out;
}

/** Reasoning as a thought part, then the text, then the tool calls; never no part at all (clients index parts[0]). */
function messageParts(message: ChatMessage | undefined): GeminiPart[] {
  const parts: GeminiPart[] = [];
  const reasoning = message?.reasoning_content ?? (typeof message?.reasoning === 'string' ? message.reasoning : null);
  if (reasoning) parts.push({ text: reasoning, thought: true });
  const content = message?.content;
  const text = typeof content === 'string' ? content : (content ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('');
  if (text) parts.push({ text });
  for (const call of message?.tool_calls ?? []) {
    parts.push(functionCallPart(call.function.name, call.function.arguments, call.extra_content?.google?.thought_signature));
  }
  return parts.length ? parts : [{ text: '' }];
}
