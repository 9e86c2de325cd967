import { DEFAULT_CONTENT } from './openai-shapes.js';

// What a test asks the mock upstream to do for one request. Two sources:
// the `mock` object in the JSON body (the gateway passes unknown fields through)
// and the channel key in `Authorization: Bearer mock-…`, which lets a test give
// one channel a fixed behaviour. Key directives win over body directives because
// the key is specific to one channel while the body reaches every channel a
// retry tries.

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
  cached_tokens?: number;
  stall_after_chunks?: number;
  reset_after_chunks?: number;
  error_mid_stream_after?: number;
  body_error_in_200?: boolean;
  /** Error messages carry the Authorization header received, as an upstream that echoes credentials. */
  echo_auth?: boolean;
  /** Fields laid over the error object of a scripted failure (status, error in 200, error mid-stream). */
  error?: Record<string, unknown>;
}

type NumericDirective =
  | 'status'
  | 'delay_ms'
  | 'chunk_delay_ms'
  | 'chunks'
  | 'content_repeat'
  | 'prompt_tokens'
  | 'completion_tokens'
  | 'cached_tokens'
  | 'stall_after_chunks'
  | 'reset_after_chunks'
  | 'error_mid_stream_after';

const NUMERIC: readonly NumericDirective[] = [
  'status',
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

export function directivesFromBody(body: unknown): MockDirectives {
  if (!isRecord(body) || !isRecord(body.mock)) return {};
  const mock = body.mock;
  const out: MockDirectives = {};
  for (const name of NUMERIC) {
    const value = asCount(mock[name]);
    if (value !== undefined) out[name] = value;
  }
  if (typeof mock.content === 'string') out.content = mock.content;
  if (mock.usage === false || isRecord(mock.usage)) out.usage = mock.usage;
  if (mock.body_error_in_200 === true) out.body_error_in_200 = true;
  if (mock.echo_auth === true) out.echo_auth = true;
  if (isRecord(mock.error)) out.error = mock.error;
  return out;
}

/**
 * `mock-<directive>-<n>` sets a numeric directive (`mock-status-500`,
 * `mock-delay-200`, `mock-stall-after-chunks-2`); `mock-no-usage` and
 * `mock-body-error-in-200` set the flags; `mock-ok` and any other key add nothing.
 */
export function directivesFromKey(authorization: string): MockDirectives {
  const key = authorization.replace(/^Bearer\s+/i, '').trim();
  if (!key.startsWith('mock-')) return {};
  const rest = key.slice('mock-'.length);
  if (rest === 'no-usage') return { usage: false };
  if (rest === 'body-error-in-200') return { body_error_in_200: true };
  const match = /^([a-z-]+)-(\d+)$/.exec(rest);
  if (!match?.[1] || !match[2]) return {};
  const name = asNumericDirective(match[1].replaceAll('-', '_'));
  return name ? { [name]: Number(match[2]) } : {};
}

export function readDirectives(body: unknown, authorization: string): MockDirectives {
  return { ...directivesFromBody(body), ...directivesFromKey(authorization) };
}
