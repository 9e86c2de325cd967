import type { RelayFailure } from '../format-contracts.js';
import type { ChatContentPart, ChatMessage } from '../openai/chat-types.js';
import { invalidArgument } from './parse-gemini-request.js';
import type { GeminiContent, GeminiPart } from './gemini-request-schema.js';
import { geminiPartsToOpenAi } from './gemini-parts-to-openai.js';

export type MessagesResult = { ok: true; messages: ChatMessage[] } | { ok: false; failure: RelayFailure };

/** Audio formats chat's input_audio carries; other audio goes as a file. */
const AUDIO_FORMATS: Readonly<Record<string, string>> = { 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/mp3': 'mp3', 'audio/mpeg': 'mp3' };

/**
 * Gemini contents as chat messages. A model turn becomes an assistant message (thoughts as reasoning_content,
 * function calls as tool calls). A user turn's functionResponse parts become tool messages first, each
 * answering the call it names (by id, else the oldest unanswered call of that name), then the rest of the turn
 * as a user message. Call ids are derived from the turn and part position, so they are stable.
 */
export function geminiContentsToMessages(contents: readonly GeminiContent[]): MessagesResult {
  const messages: ChatMessage[] = [];
  const unanswered = new Map<string, string[]>();
  for (const [turn, content] of contents.entries()) {
    if (content.role === 'model') {
      const pieces = geminiPartsToOpenAi(content.parts, (n) => `call_${turn}_${n}`);
      const message: ChatMessage = { role: 'assistant', content: pieces.content || null };
      if (pieces.reasoning) message.reasoning_content = pieces.reasoning;
      if (pieces.toolCalls.length) message.tool_calls = pieces.toolCalls;
      for (const call of pieces.toolCalls) unanswered.set(call.function.name, [...(unanswered.get(call.function.name) ?? []), call.id]);
      if (message.content !== null || message.tool_calls) messages.push(message);
      continue;
    }
    const parts: ChatContentPart[] = [];
    for (const [n, part] of content.parts.entries()) {
      const response = part.functionResponse;
      if (response) {
        const pending = unanswered.get(response.name) ?? [];
        const id = response.id && pending.includes(response.id) ? response.id : (pending[0] ?? response.id ?? `call_${turn}_${n}`);
        unanswered.set(response.name, pending.filter((p) => p !== id));
        messages.push({ role: 'tool', tool_call_id: id, content: toolResult(response.response) });
        continue;
      }
      const converted = userPart(part);
      if ('failure' in converted) return { ok: false, failure: converted.failure };
      if (converted.part) parts.push(converted.part);
    }
    if (parts.length) messages.push({ role: 'user', content: parts.length === 1 && parts[0]!.type === 'text' ? parts[0]!.text : parts });
  }
  return { ok: true, messages };
}

/** `{content: "text"}` (how a chat tool result travels to Gemini) comes back as the text; anything else as JSON. */
function toolResult(response: Record<string, unknown>): string {
  const keys = Object.keys(response);
  return keys.length === 1 && typeof response.content === 'string' ? response.content : JSON.stringify(response);
}

function userPart(part: GeminiPart): { part: ChatContentPart | null } | { failure: RelayFailure } {
  if (typeof part.text === 'string') return { part: part.text && !part.thought ? { type: 'text', text: part.text } : null };
  if (part.inlineData) {
    const { mimeType, data } = part.inlineData;
    const dataUrl = `data:${mimeType};base64,${data}`;
    if (mimeType.startsWith('image/')) return { part: { type: 'image_url', image_url: { url: dataUrl } } };
    const audio = AUDIO_FORMATS[mimeType.toLowerCase()];
    if (audio) return { part: { type: 'input_audio', input_audio: { data, format: audio } } };
    return { part: { type: 'file', file: { file_data: dataUrl } } };
  }
  if (part.fileData) {
    const { mimeType, fileUri } = part.fileData;
    if (!mimeType || mimeType.startsWith('image/')) return { part: { type: 'image_url', image_url: { url: fileUri } } };
    // only Google can read a file by URI for a model; another upstream cannot fetch it
    return { failure: invalidArgument(`fileData of type ${mimeType} is not supported for this model: send it as inlineData`) };
  }
  return { part: null };
}
