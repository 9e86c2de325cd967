import type { ChatCompletion, ChatMessage, ChatToolCall } from '../openai/chat-types.js';
import { claudeStopToFinish } from './claude-stop-reason.js';
import type { ClaudeMessage } from './claude-upstream-schema.js';
import { claudeUsageToOpenAi } from './claude-usage.js';

/**
 * An Anthropic answer as a chat.completion for an OpenAI client: text blocks joined, thinking as
 * reasoning_content, tool_use as tool_calls; server-tool and redacted blocks have no chat form.
 */
export function claudeToOpenAiResponse(msg: ClaudeMessage, fallbackModel: string, now: number): ChatCompletion {
  let text = '';
  let reasoning = '';
  const calls: ChatToolCall[] = [];
  for (const b of msg.content ?? []) {
    if (b.type === 'text') text += b.text ?? '';
    else if (b.type === 'thinking') reasoning += b.thinking ?? '';
    else if (b.type === 'tool_use') calls.push({ id: b.id ?? '', type: 'function', function: { name: b.name ?? '', arguments: JSON.stringify(b.input ?? {}) } });
  }
  const message: ChatMessage = { role: 'assistant', content: text || (calls.length ? null : '') };
  if (calls.length) message.tool_calls = calls;
  if (reasoning) message.reasoning_content = reasoning;
  const completion: ChatCompletion = {
    id: msg.id || `chatcmpl-${now}`,
    object: 'chat.completion',
    created: now,
    model: msg.model || fallbackModel,
    choices: [{ index: 0, message, finish_reason: claudeStopToFinish(msg.stop_reason) ?? 'stop' }],
  };
  const usage = claudeUsageToOpenAi(msg.usage);
  if (usage) completion.usage = usage;
  return completion;
}
