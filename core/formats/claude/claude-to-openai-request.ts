import type { ChatContentPart, ChatMessage, ChatRequest, ChatToolCall, ChatToolChoice } from '../openai/chat-types.js';
import { claudeBlocksToChatParts } from './claude-blocks-to-chat-parts.js';
import { isCustomTool, isKnownBlock, type ClaudeMessageParam, type ClaudeRequest } from './claude-request-schema.js';

export interface ClaudeToOpenAiOptions {
  /** the model the channel is asked for, after model mapping */
  upstreamModel: string;
  /** an OpenRouter channel: thinking becomes its `reasoning` switch; anthropic/claude* keeps cache-controlled system parts */
  openRouter: boolean;
}

const THINKING = '-thinking';

/**
 * A Claude Messages request for an OpenAI-dialect channel (new-api's ClaudeToOpenAIRequest, spec §8.2):
 * system blocks become one system message, tool_use becomes tool_calls, each tool_result its own `tool`
 * message ahead of what else the user said, thinking becomes reasoning_content. Anthropic-hosted tools
 * and redacted thinking have no OpenAI form and are left out.
 */
export function claudeToOpenAiRequest(req: ClaudeRequest, opts: ClaudeToOpenAiOptions): ChatRequest {
  const toolNames = new Map<string, string>();
  for (const m of req.messages) {
    if (typeof m.content === 'string') continue;
    for (const b of m.content) if (isKnownBlock(b) && b.type === 'tool_use') toolNames.set(b.id, b.name);
  }
  const keepSystemParts = opts.openRouter && opts.upstreamModel.startsWith('anthropic/claude');
  const out: ChatRequest = {
    model: opts.upstreamModel,
    messages: [...systemMessages(req.system, keepSystemParts), ...req.messages.flatMap((m) => convertMessage(m, toolNames))],
    max_tokens: req.max_tokens,
  };
  if (req.stream) out.stream = true;
  if (req.temperature !== undefined) out.temperature = req.temperature;
  if (req.top_p !== undefined) out.top_p = req.top_p;
  if (req.top_k !== undefined) out.top_k = req.top_k;
  if (req.stop_sequences?.length) out.stop = req.stop_sequences.length === 1 ? req.stop_sequences[0] : req.stop_sequences;
  const tools = (req.tools ?? []).filter(isCustomTool);
  if (tools.length) {
    out.tools = tools.map((t) => ({ type: 'function', function: { name: t.name, ...(t.description ? { description: t.description } : {}), parameters: t.input_schema } }));
    if (req.tool_choice) {
      out.tool_choice = toolChoice(req.tool_choice);
      if (req.tool_choice.disable_parallel_tool_use) out.parallel_tool_calls = false;
    }
  }
  const thinking = req.thinking;
  if (opts.openRouter && thinking && thinking.type !== 'disabled') {
    out.reasoning = thinking.type === 'enabled' ? { enabled: true, max_tokens: thinking.budget_tokens } : { enabled: true };
  } else if (thinking?.type === 'enabled' && req.model.endsWith(THINKING) && !out.model.endsWith(THINKING)) {
    // mapping dropped the suffix the client asked for; an upstream new-api reads it as "think"
    out.model += THINKING;
  }
  return out;
}

function systemMessages(system: ClaudeRequest['system'], keepParts: boolean): ChatMessage[] {
  if (typeof system === 'string') return system ? [{ role: 'system', content: system }] : [];
  const blocks = (system ?? []).filter((b) => b.text);
  if (!blocks.length) return [];
  if (keepParts) return [{ role: 'system', content: blocks.map((b) => ({ type: 'text', text: b.text, ...(b.cache_control ? { cache_control: b.cache_control } : {}) })) }];
  return [{ role: 'system', content: blocks.map((b) => b.text).join('\n') }];
}

function convertMessage(m: ClaudeMessageParam, toolNames: Map<string, string>): ChatMessage[] {
  if (typeof m.content === 'string') return [{ role: m.role, content: m.content }];
  const out: ChatMessage[] = [];
  const parts: ChatContentPart[] = [];
  const calls: ChatToolCall[] = [];
  let reasoning = '';
  for (const b of m.content) {
    if (!isKnownBlock(b)) continue;
    if (b.type === 'tool_use') {
      calls.push({ id: b.id, type: 'function', function: { name: b.name, arguments: JSON.stringify(b.input) } });
    } else if (b.type === 'thinking') {
      reasoning += b.thinking;
    } else if (b.type === 'tool_result') {
      const result = typeof b.content === 'string' ? [{ type: 'text' as const, text: b.content }] : claudeBlocksToChatParts(b.content ?? []);
      const name = toolNames.get(b.tool_use_id);
      const text = result.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
      out.push({ role: 'tool', tool_call_id: b.tool_use_id, ...(name ? { name } : {}), content: text });
      // a tool message carries text only; the images a tool returned go to the user turn after it
      parts.push(...result.filter((p) => p.type !== 'text'));
    } else {
      parts.push(...claudeBlocksToChatParts([b]));
    }
  }
  if (m.role === 'assistant') {
    const text = parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
    if (!text && !calls.length && !reasoning) return out;
    const msg: ChatMessage = { role: 'assistant', content: text || (calls.length ? null : '') };
    if (calls.length) msg.tool_calls = calls;
    if (reasoning) msg.reasoning_content = reasoning;
    return [...out, msg];
  }
  if (!parts.length) return out;
  const only = parts[0]!;
  const plain = parts.length === 1 && only.type === 'text' && !only.cache_control;
  return [...out, { role: 'user', content: plain ? only.text : parts }];
}

function toolChoice(choice: NonNullable<ClaudeRequest['tool_choice']>): ChatToolChoice {
  if (choice.type === 'tool') return { type: 'function', function: { name: choice.name } };
  return choice.type === 'any' ? 'required' : choice.type;
}
