import type { ChatCompletion } from '../openai/chat-types.js';
import { finishToClaudeStop, type ClaudeStopReason } from './claude-stop-reason.js';
import { openAiUsageToClaude, type ClaudeUsageOut } from './claude-usage.js';
import { toolArgumentsObject } from './tool-arguments-object.js';

export type ClaudeOutputBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

/** The Messages API's answer object. */
export interface ClaudeMessageOut {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: ClaudeOutputBlock[];
  stop_reason: ClaudeStopReason;
  stop_sequence: null;
  usage: ClaudeUsageOut;
}

/**
 * A chat.completion as a Claude message for a Claude client: reasoning as a thinking block (with an
 * empty signature: there is none to give, and it comes back to us as reasoning_content), then the text,
 * then each tool call as tool_use. Usage is given in Claude's sense (input without the cached part).
 */
export function openAiToClaudeResponse(res: ChatCompletion, fallbackModel: string): ClaudeMessageOut {
  const choice = res.choices?.[0];
  const message = choice?.message;
  const content: ClaudeOutputBlock[] = [];
  const reasoning = message?.reasoning_content ?? (typeof message?.reasoning === 'string' ? message.reasoning : '');
  if (reasoning) content.push({ type: 'thinking', thinking: reasoning, signature: '' });
  const text = typeof message?.content === 'string' ? message.content : (message?.content ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('');
  if (text) content.push({ type: 'text', text });
  for (const call of message?.tool_calls ?? []) content.push({ type: 'tool_use', id: call.id, name: call.function.name, input: toolArgumentsObject(call.function.arguments) });
  const stop = finishToClaudeStop(choice?.finish_reason);
  return {
    id: res.id,
    type: 'message',
    role: 'assistant',
    model: res.model || fallbackModel,
    content,
    // some upstreams answer tool calls with finish_reason "stop"; Claude clients wait for tool_use
    stop_reason: stop === 'end_turn' && message?.tool_calls?.length ? 'tool_use' : stop,
    stop_sequence: null,
    usage: openAiUsageToClaude(res.usage ?? {}),
  };
}
