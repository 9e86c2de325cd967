import { MAX_ESTIMATED_COMPLETION_TOKENS } from '../billing/estimate-pre-consume.js';
import type { RelayRequest } from './relay-request.js';

/** The most prompt and completion tokens one request can honestly have used. */
export interface UsageBounds {
  prompt: number;
  completion: number;
}

/** The same ceiling the reservation puts on max_tokens: no model reads or writes more in one request. */
export const MAX_TOKENS_PER_REQUEST = MAX_ESTIMATED_COMPLETION_TOKENS;

/**
 * Room above the body's bytes for what the upstream adds to a prompt: chat templates and per-message
 * overhead (3–4 tokens a message, fewer than its JSON framing bytes anyway), tool definitions rendered
 * into the prompt, a provider's hidden system prompt.
 */
export const PROMPT_MARGIN_TOKENS = 4096;

/**
 * Room for each non-text content part (image, audio, file), whose tokens do not follow its bytes: a short
 * URL to a large image costs up to ~2.5 k tokens on OpenAI, a `file_id` of a long PDF tens of thousands.
 */
export const MEDIA_PART_TOKENS = 131_072;

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);

/**
 * Bounds on the usage an upstream may report for this request, derived from what was sent (the request
 * in OpenAI form with the channel's param_override laid over it, and the client's bytes):
 * - prompt ≤ body bytes + margin + an allowance per media part: the encodings in use (cl100k, o200k and
 *   every other BPE) never make more than one token of one byte of text, and the body holds all the text;
 * - completion ≤ max_tokens (or max_completion_tokens) × the choices generated (n, best_of), when given;
 *   embeddings produce none;
 * - neither above MAX_TOKENS_PER_REQUEST.
 */
export function usageBounds(req: RelayRequest, paramOverride: Readonly<Record<string, unknown>> | null): UsageBounds {
  const hub = req.hub() ?? req.body;
  const sent = paramOverride ? Object.assign({}, hub, paramOverride) : hub;
  const bytes = req.raw.length + (paramOverride ? JSON.stringify(paramOverride).length : 0);
  const media = req.kind === 'chat' ? mediaParts(sent.messages) : 0;
  const prompt = Math.min(MAX_TOKENS_PER_REQUEST, bytes + PROMPT_MARGIN_TOKENS + media * MEDIA_PART_TOKENS);
  if (req.kind === 'embeddings') return { prompt, completion: 0 };
  const maxTokens = Math.max(count(sent.max_tokens), count(sent.max_completion_tokens));
  const choices = Math.max(1, count(sent.n), count(sent.best_of));
  return { prompt, completion: maxTokens > 0 ? Math.min(MAX_TOKENS_PER_REQUEST, maxTokens * choices) : MAX_TOKENS_PER_REQUEST };
}

function mediaParts(messages: unknown): number {
  let parts = 0;
  for (const m of Array.isArray(messages) ? messages : []) {
    const content = (m as { content?: unknown } | null)?.content;
    if (!Array.isArray(content)) continue;
    for (const part of content) if ((part as { type?: unknown } | null)?.type !== 'text') parts++;
  }
  return parts;
}
