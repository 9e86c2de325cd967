import type { RelayFailure } from '../format-contracts.js';
import type { ChatMessage } from '../openai/chat-types.js';
import { functionCallPart, parseToolArguments } from './function-call-part.js';
import type { GeminiContent, GeminiPart } from './gemini-request-schema.js';
import { contentToGeminiParts, invalidRequest, type MediaOptions } from './openai-content-to-gemini-parts.js';

export type ContentsResult = { ok: true; contents: GeminiContent[]; system: string | null } | { ok: false; failure: RelayFailure };

/** The text of a message, however it was sent. */
export const messageText = (content: ChatMessage['content']): string =>
  typeof content === 'string' ? content : (content ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('');

/**
 * Chat messages as Gemini contents (new-api's conversion): system and developer messages become one
 * system instruction joined by newlines (blank ones dropped, as Google refuses them); assistant turns become
 * `model` turns with their tool calls as functionCall parts; tool results become functionResponse parts of a
 * user turn, named after the call they answer. A message with nothing Gemini can carry is left out.
 */
export function messagesToGeminiContents(messages: readonly ChatMessage[], opts: MediaOptions): ContentsResult {
  const contents: GeminiContent[] = [];
  const system: string[] = [];
  const callNames = new Map<string, string>();
  for (const message of messages) {
    if (message.role === 'system' || message.role === 'developer') {
      const text = messageText(message.content);
      if (text.trim()) system.push(text);
      continue;
    }
    if (message.role === 'tool' || message.role === 'function') {
      const last = contents.at(-1);
      const turn = last && last.role !== 'model' ? last : contents[contents.push({ role: 'user', parts: [] }) - 1]!;
      const name = message.name ?? callNames.get(message.tool_call_id ?? '') ?? '';
      turn.parts.push({ functionResponse: { name, response: toolResponse(messageText(message.content)) } });
      continue;
    }
    const converted = contentToGeminiParts(message.content, opts);
    if (!converted.ok) return converted;
    const parts: GeminiPart[] = converted.parts;
    for (const call of message.tool_calls ?? []) {
      const { name, arguments: args } = call.function;
      if (parseToolArguments(args) === null) return { ok: false, failure: invalidRequest(`invalid arguments for function ${name}, args: ${args}`) };
      parts.push(functionCallPart(name, args, call.extra_content?.google?.thought_signature));
      callNames.set(call.id, name);
    }
    if (parts.length) contents.push({ role: message.role === 'assistant' ? 'model' : 'user', parts });
  }
  return { ok: true, contents, system: system.length ? system.join('\n') : null };
}

/** A tool result as Gemini's response object: a JSON object as is, an array under `result`, text under `content`. */
function toolResponse(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value)) return { result: value };
    if (value && typeof value === 'object') return value as Record<string, unknown>;
  } catch {
    // plain text
  }
  return { content: text };
}
