import type { ChatCompletion } from '../openai/chat-types.js';
import { buildResponse, itemId, responseId } from './responses-envelope.js';
import type { ResponsesOutputItem, ResponsesResponse } from './responses-types.js';

/** A chat.completion answer as a Responses `response`: reasoning, then the message, then function calls. */
export function chatToResponsesResponse(chat: ChatCompletion, fallbackModel: string, now: number): ResponsesResponse {
  const id = responseId(chat.id || `chatcmpl-${now}`);
  const choice = chat.choices?.[0];
  const message = choice?.message;
  const output: ResponsesOutputItem[] = [];
  let n = 0;
  const reasoning = message?.reasoning_content ?? (typeof message?.reasoning === 'string' ? message.reasoning : null);
  if (reasoning) output.push({ type: 'reasoning', id: itemId('rs', id, n++), summary: [{ type: 'summary_text', text: reasoning }] });
  const text = typeof message?.content === 'string' ? message.content : Array.isArray(message?.content) ? message.content.map((p) => (p.type === 'text' ? p.text : '')).join('') : '';
  if (text) {
    output.push({ type: 'message', id: itemId('msg', id, n++), role: 'assistant', status: 'completed', content: [{ type: 'output_text', text, annotations: [] }] });
  }
  for (const call of message?.tool_calls ?? []) {
    output.push({ type: 'function_call', id: itemId('fc', id, n++), call_id: call.id, name: call.function.name, arguments: call.function.arguments, status: 'completed' });
  }
  return buildResponse({ id, model: chat.model || fallbackModel, createdAt: chat.created || now }, output, chat.usage ?? null, choice?.finish_reason ?? undefined);
}
