// Anthropic Messages wire shapes (docs.anthropic.com, as recorded in core/formats/claude/__fixtures__).
// Pure: the id, model and answer come in, so the output is deterministic for a given request.
import type { MockAnswer } from './mock-answer.js';
import { DEFAULT_COMPLETION_TOKENS, DEFAULT_PROMPT_TOKENS, type MockDirectives } from './mock-directives.js';
import { echoed, type Credential } from './scripted-error.js';
import type { StreamFrame } from './plan-stream.js';

/** What a thinking block is signed with (any opaque base64 does for a mock). */
export const MOCK_SIGNATURE = 'bW9jay10aGlua2luZy1zaWduYXR1cmU=';

/** Anthropic's error type for each status it answers with. */
const ERROR_TYPES: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

export function claudeErrorType(status: number): string {
  return ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

/** `{type: "error", error: {type, message}}` with the test's `error` fields laid over the error object. */
export function claudeError(d: MockDirectives, status: number, message: string, credential: Credential): Record<string, unknown> {
  const error: Record<string, unknown> = { type: claudeErrorType(status), message, ...d.error };
  if (d.echo_auth) error.message = echoed(d, String(error.message), credential);
  return { type: 'error', error };
}

/**
 * Anthropic usage: `input_tokens` excludes the cache reads and writes, which have their own counts.
 * `cache_creation` (the 5-minute / 1-hour split of the writes) only when `cache_creation_1h_tokens` is scripted;
 * `server_tool_use` (the web searches run) only when `web_search_calls` is.
 */
export function claudeUsage(d: MockDirectives): Record<string, unknown> | null {
  if (d.usage === false) return null;
  if (d.usage) return d.usage;
  const writes = d.cache_creation_tokens ?? 0;
  const usage: Record<string, unknown> = {
    input_tokens: d.prompt_tokens ?? DEFAULT_PROMPT_TOKENS,
    cache_creation_input_tokens: writes,
    cache_read_input_tokens: d.cached_tokens ?? 0,
  };
  if (d.cache_creation_1h_tokens !== undefined) {
    const hour = Math.min(d.cache_creation_1h_tokens, writes);
    usage.cache_creation = { ephemeral_5m_input_tokens: writes - hour, ephemeral_1h_input_tokens: hour };
  }
  usage.output_tokens = d.completion_tokens ?? DEFAULT_COMPLETION_TOKENS;
  if (d.web_search_calls !== undefined) usage.server_tool_use = { web_search_requests: d.web_search_calls };
  return usage;
}

export function claudeStopReason(d: MockDirectives, answer: MockAnswer): string {
  return d.finish_reason ?? (answer.toolCalls.length > 0 ? 'tool_use' : 'end_turn');
}

/** One web search as Anthropic lists it: the server_tool_use block and its result block. */
function webSearchBlocks(meta: ClaudeMeta, i: number): [Record<string, unknown>, Record<string, unknown>] {
  const id = `srvtoolu_${meta.id}_${i}`;
  return [
    { type: 'server_tool_use', id, name: 'web_search', input: { query: 'mock' } },
    { type: 'web_search_tool_result', tool_use_id: id, content: [{ type: 'web_search_result', title: 'Mock', url: 'https://example.com/', encrypted_content: 'bW9jaw==', page_age: null }] },
  ];
}

function contentBlocks(meta: ClaudeMeta, answer: MockAnswer): Record<string, unknown>[] {
  const blocks: Record<string, unknown>[] = [];
  if (answer.thinking !== null) blocks.push({ type: 'thinking', thinking: answer.thinking, signature: MOCK_SIGNATURE });
  for (let i = 0; i < answer.webSearchCalls; i++) blocks.push(...webSearchBlocks(meta, i));
  if (answer.text !== null) blocks.push({ type: 'text', text: answer.text });
  for (const call of answer.toolCalls) blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments });
  return blocks;
}

export interface ClaudeMeta {
  id: string;
  model: string;
}

/** The non-stream answer of POST /v1/messages. */
export function claudeMessage(meta: ClaudeMeta, d: MockDirectives, answer: MockAnswer): Record<string, unknown> {
  const message: Record<string, unknown> = {
    id: meta.id,
    type: 'message',
    role: 'assistant',
    model: meta.model,
    content: contentBlocks(meta, answer),
    stop_reason: claudeStopReason(d, answer),
    stop_sequence: null,
  };
  const usage = claudeUsage(d);
  if (usage) message.usage = usage;
  return message;
}

export function claudeEvent(type: string, payload: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...payload })}\n\n`;
}

/**
 * The stream of POST /v1/messages: message_start (input and cache counts, output 1), then per block its
 * start, deltas (the content frames) and stop, with a ping after the first start as Anthropic sends it,
 * then message_delta (stop reason, output tokens, the web searches run) and message_stop. A web search is a
 * server_tool_use block (its query as one input_json_delta) and a web_search_tool_result block (no delta).
 */
export function claudeStreamFrames(meta: ClaudeMeta, d: MockDirectives, answer: MockAnswer): StreamFrame[] {
  const usage = claudeUsage(d);
  // before any search has run: message_delta reports the final count
  const startUsage = usage && d.usage === undefined ? { ...usage, output_tokens: 1, ...(usage.server_tool_use ? { server_tool_use: { web_search_requests: 0 } } : {}) } : usage;
  const frames: StreamFrame[] = [];
  const frame = (type: string, payload: Record<string, unknown>, content = false) => frames.push({ text: claudeEvent(type, payload), content });
  frame('message_start', {
    message: { id: meta.id, type: 'message', role: 'assistant', model: meta.model, content: [], stop_reason: null, stop_sequence: null, ...(startUsage ? { usage: startUsage } : {}) },
  });
  let index = 0;
  const block = (start: Record<string, unknown>, deltas: Record<string, unknown>[]) => {
    frame('content_block_start', { index, content_block: start });
    if (index === 0) frame('ping', {});
    for (const delta of deltas) frame('content_block_delta', { index, delta }, true);
    frame('content_block_stop', { index });
    index++;
  };
  if (answer.thinking !== null) {
    block({ type: 'thinking', thinking: '' }, [
      ...answer.thinkingPieces.map((thinking) => ({ type: 'thinking_delta', thinking })),
      { type: 'signature_delta', signature: MOCK_SIGNATURE },
    ]);
  }
  for (let i = 0; i < answer.webSearchCalls; i++) {
    const [use, result] = webSearchBlocks(meta, i);
    block({ ...use, input: {} }, [{ type: 'input_json_delta', partial_json: JSON.stringify(use.input) }]);
    block(result, []);
  }
  if (answer.text !== null) block({ type: 'text', text: '' }, answer.textPieces.map((text) => ({ type: 'text_delta', text })));
  for (const call of answer.toolCalls) {
    block(
      { type: 'tool_use', id: call.id, name: call.name, input: {} },
      call.argumentPieces.map((partial_json) => ({ type: 'input_json_delta', partial_json })),
    );
  }
  // message_delta's usage is cumulative: the output count, and the searches when scripted
  const outputTokens = usage && d.usage === undefined ? { output_tokens: usage.output_tokens, ...(usage.server_tool_use ? { server_tool_use: usage.server_tool_use } : {}) } : usage;
  frame('message_delta', { delta: { stop_reason: claudeStopReason(d, answer), stop_sequence: null }, ...(outputTokens ? { usage: outputTokens } : {}) });
  frame('message_stop', {});
  return frames;
}

export const CLAUDE_MODELS = [
  { id: 'claude-sonnet-4-20250514', display_name: 'Claude Sonnet 4', created_at: '2025-05-22T00:00:00Z' },
  { id: 'claude-opus-4-20250514', display_name: 'Claude Opus 4', created_at: '2025-05-22T00:00:00Z' },
  { id: 'claude-3-5-haiku-20241022', display_name: 'Claude Haiku 3.5', created_at: '2024-10-22T00:00:00Z' },
];

/** GET /v1/models as Anthropic answers it (one page). */
export function claudeModelList(): Record<string, unknown> {
  return {
    data: CLAUDE_MODELS.map((m) => ({ type: 'model', ...m })),
    has_more: false,
    first_id: CLAUDE_MODELS[0]!.id,
    last_id: CLAUDE_MODELS.at(-1)!.id,
  };
}
