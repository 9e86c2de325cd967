import { z } from 'zod';
import { exceedsJsonDepth } from './json-depth.js';
import { localError, RelayError } from './relay-error.js';

// Real requests nest a handful of levels (tool schemas a few dozen); deeper input is hostile.
const MAX_DEPTH = 128;

export type RelayMode = 'chat' | 'completions' | 'embeddings';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const nonNegInt = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

// Only the fields the gateway reads are checked; everything else passes to the upstream untouched.
const common = {
  model: z.string().max(512),
  stream: z.boolean().optional(),
  max_tokens: nonNegInt.nullable().optional(),
  max_completion_tokens: nonNegInt.nullable().optional(),
  n: z.number().int().min(1).max(128).nullable().optional(),
  stream_options: z.object({ include_usage: z.boolean().nullable().optional() }).passthrough().nullable().optional(),
};

const schemas: Record<RelayMode, z.ZodType<Record<string, unknown>>> = {
  chat: z.object({ ...common, messages: z.array(z.unknown()) }).passthrough(),
  completions: z.object({ ...common, prompt: z.unknown() }).passthrough(),
  embeddings: z.object({ model: z.string().max(512), input: z.unknown() }).passthrough(),
};

const requiredField: Record<RelayMode, string> = { chat: 'messages', completions: 'prompt', embeddings: 'input' };

export interface RelayRequest {
  mode: RelayMode;
  body: Record<string, unknown>;
  raw: Buffer;
  model: string;
  stream: boolean;
  maxTokens: number;
  includeUsage: boolean;
}

const invalid = (message: string) => localError(400, message, 'invalid_request', 'invalid_request_error');

/** Decodes and validates a relay body; every failure is a 400 in the OpenAI envelope, before any cost. */
export function parseRelayRequest(mode: RelayMode, raw: Buffer, contentType: string | undefined): RelayRequest {
  if (!contentType || !/^application\/json\b/i.test(contentType.trim())) {
    throw invalid('Content-Type must be application/json');
  }
  if (raw.length === 0) throw invalid('request body is empty');
  if (exceedsJsonDepth(raw, MAX_DEPTH)) throw invalid(`Invalid request, 无效的请求, JSON nested deeper than ${MAX_DEPTH} levels`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(raw));
  } catch (e) {
    if (e instanceof RelayError) throw e;
    throw invalid(`Invalid request, 无效的请求, ${e instanceof TypeError ? 'body is not valid UTF-8' : (e as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid('Invalid request, 无效的请求, body must be a JSON object');
  const field = requiredField[mode];
  if ((parsed as Record<string, unknown>)[field] === undefined || (parsed as Record<string, unknown>)[field] === null) {
    throw invalid(`field ${field} is required`);
  }
  const result = schemas[mode].safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw invalid(`Invalid request, 无效的请求, field ${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  const body = parsed as Record<string, unknown>;
  const model = typeof body.model === 'string' ? body.model : '';
  if (!model) throw invalid('field model is required');
  if (mode === 'chat' && (body.messages as unknown[]).length === 0) throw invalid('field messages is required');
  const maxTokens = Math.max(Number(body.max_tokens ?? 0), Number(body.max_completion_tokens ?? 0));
  const opts = body.stream_options as { include_usage?: boolean | null } | null | undefined;
  return {
    mode,
    body,
    raw,
    model,
    stream: body.stream === true && mode !== 'embeddings',
    maxTokens: mode === 'embeddings' ? 0 : maxTokens,
    includeUsage: opts?.include_usage === true,
  };
}
