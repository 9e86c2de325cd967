import type { ChatContentPart, ChatMessage, ChatRequest, ChatToolChoice } from '../openai/chat-types.js';
import { chatPartsToClaudeBlocks } from './chat-parts-to-claude-blocks.js';
import type { ClaudeMessageParam, ClaudeRequest, ClaudeTextBlock, KnownClaudeBlock } from './claude-request-schema.js';
import { toolArgumentsObject } from './tool-arguments-object.js';

/** The `claude.*` options an Anthropic channel's request depends on (spec §10 option keys). */
export interface ClaudeChannelSettings {
  /** claude.default_max_tokens: per model, with a `default` entry */
  defaultMaxTokens: Record<string, number>;
  /** claude.thinking_adapter_enabled */
  thinkingAdapterEnabled: boolean;
  /** claude.thinking_adapter_budget_tokens_percentage */
  thinkingAdapterBudgetTokensPercentage: number;
}

const THINKING = '-thinking';
/** Anthropic wants budget_tokens ≥ 1024; 1280 × 0.8 is the least that gives it. */
const MIN_THINKING_MAX_TOKENS = 1280;
/** what new-api writes where Claude refuses an empty message */
const FILLER = '...';

/**
 * An OpenAI chat request for an Anthropic channel (new-api's RequestOpenAI2ClaudeMessage, spec §8.2):
 * system and developer messages become `system`, tool calls `tool_use`, tool messages `tool_result`
 * blocks in the user turn that follows, and a `-thinking` model suffix asks for extended thinking.
 */
export function openAiToClaudeRequest(req: ChatRequest, settings: ClaudeChannelSettings): ClaudeRequest {
  const system: ClaudeTextBlock[] = [];
  const messages: ClaudeMessageParam[] = [];
  for (const m of mergeConsecutive(req.messages)) {
    if (m.role === 'system' || m.role === 'developer') {
      system.push(...chatPartsToClaudeBlocks(parts(m.content)).filter((b): b is ClaudeTextBlock => b.type === 'text'));
      continue;
    }
    // Claude's conversation must open with the user
    if (!messages.length && m.role !== 'user') messages.push({ role: 'user', content: [{ type: 'text', text: FILLER }] });
    if (m.role === 'tool' || m.role === 'function') appendToolResult(messages, m);
    else messages.push(convertTurn(m));
  }
  const out: ClaudeRequest = { model: req.model, messages, max_tokens: maxTokens(req, settings) };
  if (system.length) out.system = system;
  if (req.stream) out.stream = true;
  // Claude's range is 0–1; OpenAI's reaches 2
  if (typeof req.temperature === 'number') out.temperature = Math.min(1, Math.max(0, req.temperature));
  if (typeof req.top_p === 'number') out.top_p = req.top_p;
  if (typeof req.top_k === 'number') out.top_k = req.top_k;
  if (req.stop) out.stop_sequences = typeof req.stop === 'string' ? [req.stop] : req.stop;
  const tools = (req.tools ?? []).filter((t) => t.type === 'function');
  if (tools.length) {
    out.tools = tools.map((t) => ({
      name: t.function.name,
      ...(t.function.description ? { description: t.function.description } : {}),
      input_schema: t.function.parameters ?? { type: 'object', properties: {} },
    }));
    const choice = toolChoice(req.tool_choice, req.parallel_tool_calls === false);
    if (choice) out.tool_choice = choice;
  }
  if (settings.thinkingAdapterEnabled && req.model.endsWith(THINKING)) {
    out.model = req.model.slice(0, -THINKING.length);
    out.max_tokens = Math.max(out.max_tokens, MIN_THINKING_MAX_TOKENS);
    out.thinking = { type: 'enabled', budget_tokens: Math.floor(out.max_tokens * settings.thinkingAdapterBudgetTokensPercentage) };
    // extended thinking refuses a custom top_p and any temperature but 1
    delete out.top_p;
    out.temperature = 1;
  }
  return out;
}

function maxTokens(req: ChatRequest, settings: ClaudeChannelSettings): number {
  const asked = Math.max(req.max_tokens ?? 0, req.max_completion_tokens ?? 0);
  return asked > 0 ? asked : (settings.defaultMaxTokens[req.model] ?? settings.defaultMaxTokens.default ?? 8192);
}

const parts = (content: ChatMessage['content']): ChatContentPart[] => (typeof content === 'string' ? [{ type: 'text', text: content }] : (content ?? []));
const hasCalls = (m: ChatMessage) => Boolean(m.tool_calls?.length);

/** new-api joins consecutive same-role plain-text messages with a space and fills empty ones with "...". */
function mergeConsecutive(messages: readonly ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const m of messages) {
    const last = out.at(-1);
    if (last && last.role === m.role && m.role !== 'tool' && typeof last.content === 'string' && typeof m.content === 'string' && !hasCalls(last) && !hasCalls(m)) {
      out[out.length - 1] = { ...last, content: `${last.content} ${m.content}` };
      continue;
    }
    const empty = m.content == null || m.content === '' || (Array.isArray(m.content) && m.content.length === 0);
    out.push(empty && !hasCalls(m) ? { ...m, content: FILLER } : m);
  }
  return out;
}

function convertTurn(m: ChatMessage): ClaudeMessageParam {
  const role = m.role === 'assistant' ? 'assistant' : 'user';
  if (typeof m.content === 'string' && !hasCalls(m)) return { role, content: m.content };
  const blocks: KnownClaudeBlock[] = chatPartsToClaudeBlocks(parts(m.content));
  for (const call of m.tool_calls ?? []) blocks.push({ type: 'tool_use', id: call.id, name: call.function.name, input: toolArgumentsObject(call.function.arguments) });
  return { role, content: blocks.length ? blocks : [{ type: 'text', text: FILLER }] };
}

/** Tool results ride in a user turn: the one just before (parallel results) or a new one. */
function appendToolResult(messages: ClaudeMessageParam[], m: ChatMessage): void {
  const content = typeof m.content === 'string' ? m.content : chatPartsToClaudeBlocks(parts(m.content)).filter((b) => b.type === 'text' || b.type === 'image');
  const result: KnownClaudeBlock = { type: 'tool_result', tool_use_id: m.tool_call_id ?? m.name ?? '', content };
  const last = messages.at(-1);
  if (last?.role === 'user') {
    last.content = [...(typeof last.content === 'string' ? [{ type: 'text' as const, text: last.content }] : last.content), result];
  } else {
    messages.push({ role: 'user', content: [result] });
  }
}

function toolChoice(choice: ChatToolChoice | null | undefined, serial: boolean): ClaudeRequest['tool_choice'] {
  const parallel = serial ? { disable_parallel_tool_use: true } : {};
  if (choice && typeof choice === 'object') return { type: 'tool', name: choice.function.name, ...parallel };
  if (choice === 'required') return { type: 'any', ...parallel };
  if (choice === 'none') return { type: 'none' };
  return choice === 'auto' || serial ? { type: 'auto', ...parallel } : undefined;
}
