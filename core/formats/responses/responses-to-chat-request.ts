import type { ChatContentPart, ChatMessage, ChatRequest, ChatTool, ChatToolCall, ChatToolChoice } from '../openai/chat-types.js';
import type { RelayFailure } from '../format-contracts.js';
import type { ResponsesContent, ResponsesInputItem, ResponsesRequest } from './responses-types.js';

const refuse = (message: string): RelayFailure => ({ status: 400, message, type: 'invalid_request_error', code: 'unsupported_parameter' });

/**
 * A Responses request for a channel that only speaks Chat Completions. Server-side state (a previous
 * response, stored items) cannot be expressed in chat and is refused; reasoning items and built-in tools
 * the chat model cannot call are dropped, as they carry nothing the upstream could use.
 */
export function responsesToChatRequest(req: ResponsesRequest): { ok: true; request: ChatRequest } | { ok: false; failure: RelayFailure } {
  if (req.previous_response_id) return { ok: false, failure: refuse('previous_response_id is not supported for this model: send the whole conversation in input') };
  const messages: ChatMessage[] = [];
  if (req.instructions) messages.push({ role: 'system', content: req.instructions });
  const items: ResponsesInputItem[] = typeof req.input === 'string' ? [{ role: 'user', content: req.input }] : req.input;
  for (const item of items) {
    if (item.type === 'item_reference') return { ok: false, failure: refuse('item_reference is not supported for this model: send the items themselves') };
    appendItem(messages, item);
  }
  const request: ChatRequest = { model: req.model, messages };
  if (req.stream) request.stream = true;
  if (typeof req.max_output_tokens === 'number') request.max_tokens = req.max_output_tokens;
  if (typeof req.temperature === 'number') request.temperature = req.temperature;
  if (typeof req.top_p === 'number') request.top_p = req.top_p;
  if (typeof req.parallel_tool_calls === 'boolean') request.parallel_tool_calls = req.parallel_tool_calls;
  if (req.user) request.user = req.user;
  if (req.reasoning?.effort) request.reasoning_effort = req.reasoning.effort;
  const tools = (req.tools ?? []).flatMap(functionTool);
  if (tools.length) request.tools = tools;
  const choice = toolChoice(req.tool_choice);
  if (choice && tools.length) request.tool_choice = choice;
  const format = req.text?.format;
  if (format?.type === 'json_schema') {
    request.response_format = { type: 'json_schema', json_schema: { name: format.name ?? 'response', ...(format.schema ? { schema: format.schema } : {}), ...(format.strict != null ? { strict: format.strict } : {}) } };
  } else if (format?.type === 'json_object') {
    request.response_format = { type: 'json_object' };
  }
  return { ok: true, request };
}

function appendItem(messages: ChatMessage[], item: ResponsesInputItem): void {
  if (item.type === 'function_call' && typeof item.call_id === 'string') {
    const call: ChatToolCall = { id: item.call_id, type: 'function', function: { name: String(item.name ?? ''), arguments: String(item.arguments ?? '') } };
    const last = messages[messages.length - 1];
    // Parallel calls arrive as consecutive items; chat wants them on one assistant message.
    if (last?.role === 'assistant' && (last.tool_calls?.length || !last.content)) last.tool_calls = [...(last.tool_calls ?? []), call];
    else messages.push({ role: 'assistant', content: null, tool_calls: [call] });
    return;
  }
  if (item.type === 'function_call_output' && typeof item.call_id === 'string') {
    const output = item.output as string | ResponsesContent[];
    messages.push({ role: 'tool', tool_call_id: item.call_id, content: typeof output === 'string' ? output : textOf(output) });
    return;
  }
  if ((item.type === undefined || item.type === 'message') && typeof item.role === 'string') {
    const role = item.role as ChatMessage['role'];
    const content = item.content as string | ResponsesContent[];
    if (typeof content === 'string') messages.push({ role, content });
    else if (role === 'user') messages.push({ role, content: content.flatMap(userPart) });
    else messages.push({ role, content: textOf(content) });
  }
}

function userPart(part: ResponsesContent): ChatContentPart[] {
  if ((part.type === 'input_text' || part.type === 'output_text' || part.type === 'text') && typeof part.text === 'string') return [{ type: 'text', text: part.text }];
  if (part.type === 'input_image' && typeof part.image_url === 'string') {
    return [{ type: 'image_url', image_url: { url: part.image_url, ...(typeof part.detail === 'string' ? { detail: part.detail } : {}) } }];
  }
  if (part.type === 'input_file' && typeof part.file_data === 'string') {
    return [{ type: 'file', file: { file_data: part.file_data, ...(typeof part.filename === 'string' ? { filename: part.filename } : {}) } }];
  }
  return [];
}

function textOf(parts: ResponsesContent[]): string {
  return parts.map((p) => ('text' in p && typeof p.text === 'string' ? p.text : '')).join('');
}

function functionTool(tool: NonNullable<ResponsesRequest['tools']>[number]): ChatTool[] {
  if (tool.type !== 'function' || typeof tool.name !== 'string') return [];
  const fn: ChatTool['function'] = { name: tool.name };
  if (typeof tool.description === 'string') fn.description = tool.description;
  if (tool.parameters && typeof tool.parameters === 'object') fn.parameters = tool.parameters as Record<string, unknown>;
  if (typeof tool.strict === 'boolean') fn.strict = tool.strict;
  return [{ type: 'function', function: fn }];
}

function toolChoice(choice: ResponsesRequest['tool_choice']): ChatToolChoice | null {
  if (choice === 'auto' || choice === 'none' || choice === 'required') return choice;
  if (choice && typeof choice === 'object' && choice.type === 'function' && typeof choice.name === 'string') return { type: 'function', function: { name: choice.name } };
  return null;
}
