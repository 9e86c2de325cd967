// What a test asks the mock upstream to do for one request. Two sources:
// the `mock` object in the JSON body (the gateway passes unknown fields through)
// and the channel key (`Authorization: Bearer mock-…`, `x-api-key: mock-…` or
// `x-goog-api-key: mock-…`), which lets a test give one channel a fixed
// behaviour. Key directives win over body directives because the key is
// specific to one channel while the body reaches every channel a retry tries.
// A request the gateway translates into another dialect loses its `mock`
// object, so the key can also carry a whole directive object (`mock-json-…`).

export const DEFAULT_CONTENT = 'Hello from mock upstream.';
export const DEFAULT_PROMPT_TOKENS = 10;
export const DEFAULT_COMPLETION_TOKENS = 20;

/** A function call the mock answers with; `arguments` is sent as JSON text where the dialect wants text. */
export interface MockToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** The call `tool_calls: n` repeats n times (the n-th with `"n": i` added, so they differ). */
export const DEFAULT_TOOL_CALL: MockToolCall = { name: 'get_weather', arguments: { city: 'Paris' } };

export interface MockDirectives {
  status?: number;
  delay_ms?: number;
  chunk_delay_ms?: number;
  chunks?: number;
  content?: string;
  /** The content repeated this many times (a large answer without a large request). */
  content_repeat?: number;
  /** An object replaces the usage verbatim; `false` omits usage everywhere. */
  usage?: Record<string, unknown> | false;
  prompt_tokens?: number;
  completion_tokens?: number;
  /** Cache reads: OpenAI prompt_tokens_details.cached_tokens, Claude cache_read_input_tokens, Gemini cachedContentTokenCount. */
  cached_tokens?: number;
  /** Claude cache writes (cache_creation_input_tokens). */
  cache_creation_tokens?: number;
  /** Of the cache writes, those with a 1-hour TTL (Claude usage.cache_creation.ephemeral_1h_input_tokens). */
  cache_creation_1h_tokens?: number;
  /** OpenAI completion_tokens_details.reasoning_tokens (inside completion); Gemini thoughtsTokenCount (beside it). */
  reasoning_tokens?: number;
  /** Reasoning text sent before the answer: OpenAI reasoning_content, a Claude thinking block, Gemini thought parts. */
  thinking?: string;
  /** Answer with these function calls (after any text; no text unless `content` is given too). */
  tool_calls?: MockToolCall[];
  /** Stream: each call's arguments JSON split into this many pieces (default 3). */
  arg_chunks?: number;
  /** The stop reason, verbatim: OpenAI finish_reason, Claude stop_reason, Gemini finishReason. */
  finish_reason?: string;
  stall_after_chunks?: number;
  reset_after_chunks?: number;
  error_mid_stream_after?: number;
  body_error_in_200?: boolean;
  /** Error messages carry the Authorization header received, as an upstream that echoes credentials. */
  echo_auth?: boolean;
  /**
   * Responses: this many `web_search_call` output items before the message; Anthropic: this many server
   * web searches, reported in `usage.server_tool_use.web_search_requests` (billed per call by the gateway).
   */
  web_search_calls?: number;
  /** Responses: this many `file_search_call` output items before the message. */
  file_search_calls?: number;
  /** Fields laid over the error object of a scripted failure (status, error in 200, error mid-stream). */
  error?: Record<string, unknown>;
}

type NumericDirective =
  | 'status'
  | 'cache_creation_tokens'
  | 'cache_creation_1h_tokens'
  | 'reasoning_tokens'
  | 'arg_chunks'
  | 'delay_ms'
  | 'chunk_delay_ms'
  | 'chunks'
  | 'content_repeat'
  | 'prompt_tokens'
  | 'completion_tokens'
  | 'cached_tokens'
  | 'stall_after_chunks'
  | 'reset_after_chunks'
  | 'error_mid_stream_after'
  | 'web_search_calls'
  | 'file_search_calls';

const NUMERIC: readonly NumericDirective[] = [
  'status',
  'cache_creation_tokens',
  'cache_creation_1h_tokens',
  'reasoning_tokens',
  'arg_chunks',
  'delay_ms',
  'chunk_delay_ms',
  'chunks',
  'content_repeat',
  'prompt_tokens',
  'completion_tokens',
  'cached_tokens',
  'stall_after_chunks',
  'reset_after_chunks',
  'error_mid_stream_after',
  'web_search_calls',
  'file_search_calls',
];

// Short names that read well inside a key: `mock-delay-200`.
const KEY_ALIASES: Record<string, NumericDirective> = { delay: 'delay_ms', chunk_delay: 'chunk_delay_ms' };

export function contentOf(d: MockDirectives): string {
  return (d.content ?? DEFAULT_CONTENT).repeat(d.content_repeat ?? 1);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function asNumericDirective(name: string): NumericDirective | undefined {
  return KEY_ALIASES[name] ?? NUMERIC.find((known) => known === name);
}

/** `tool_calls` as a list of calls, or a count of default calls. */
function asToolCalls(value: unknown): MockToolCall[] | undefined {
  const count = asCount(value);
  if (count !== undefined) return Array.from({ length: count }, (_, i) => (i === 0 ? DEFAULT_TOOL_CALL : { ...DEFAULT_TOOL_CALL, arguments: { ...DEFAULT_TOOL_CALL.arguments, n: i } }));
  if (!Array.isArray(value)) return undefined;
  const calls = value.filter(isRecord).filter((c) => typeof c.name === 'string');
  return calls.map((c) => ({ name: String(c.name), arguments: isRecord(c.arguments) ? c.arguments : {} }));
}

function directivesFromObject(mock: Record<string, unknown>): MockDirectives {
  const out: MockDirectives = {};
  for (const name of NUMERIC) {
    const value = asCount(mock[name]);
    if (value !== undefined) out[name] = value;
  }
  if (typeof mock.content === 'string') out.content = mock.content;
  if (typeof mock.thinking === 'string') out.thinking = mock.thinking;
  if (typeof mock.finish_reason === 'string') out.finish_reason = mock.finish_reason;
  const toolCalls = asToolCalls(mock.tool_calls);
  if (toolCalls) out.tool_calls = toolCalls;
  if (mock.usage === false || isRecord(mock.usage)) out.usage = mock.usage;
  if (mock.body_error_in_200 === true) out.body_error_in_200 = true;
  if (mock.echo_auth === true) out.echo_auth = true;
  if (isRecord(mock.error)) out.error = mock.error;
  return out;
}

export function directivesFromBody(body: unknown): MockDirectives {
  return isRecord(body) && isRecord(body.mock) ? directivesFromObject(body.mock) : {};
}

function directivesFromJsonKey(encoded: string): MockDirectives {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    return isRecord(parsed) ? directivesFromObject(parsed) : {};
  } catch {
    return {};
  }
}

/** The key that scripts a whole directive object: `mock-json-` + base64url of its JSON. */
export function jsonDirectiveKey(directives: Record<string, unknown>): string {
  return `mock-json-${Buffer.from(JSON.stringify(directives)).toString('base64url')}`;
}

/**
 * `mock-<directive>-<n>` sets a numeric directive (`mock-status-500`,
 * `mock-delay-200`, `mock-stall-after-chunks-2`, `mock-tool-calls-2`);
 * `mock-no-usage` and `mock-body-error-in-200` set the flags; `mock-json-<base64url>`
 * sets every directive of a JSON object; `mock-ok` and any other key add nothing.
 * Accepts the key bare or as an Authorization header value.
 */
export function directivesFromKey(credential: string): MockDirectives {
  const key = credential.replace(/^Bearer\s+/i, '').trim();
  if (!key.startsWith('mock-')) return {};
  const rest = key.slice('mock-'.length);
  if (rest === 'no-usage') return { usage: false };
  if (rest === 'body-error-in-200') return { body_error_in_200: true };
  if (rest.startsWith('json-')) return directivesFromJsonKey(rest.slice('json-'.length));
  if (rest.startsWith('tool-calls-')) return directivesFromObject({ tool_calls: Number(rest.slice('tool-calls-'.length)) });
  const match = /^([a-z-]+)-(\d+)$/.exec(rest);
  if (!match?.[1] || !match[2]) return {};
  const name = asNumericDirective(match[1].replaceAll('-', '_'));
  return name ? { [name]: Number(match[2]) } : {};
}

export function readDirectives(body: unknown, credential: string): MockDirectives {
  return { ...directivesFromBody(body), ...directivesFromKey(credential) };
}
