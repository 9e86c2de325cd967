import type { OpenAiUsage } from './chat-types.js';

/** Whether a usage object reports anything (some upstreams send zeros, or `null`, on every chunk). */
export const reportsUsage = (u: OpenAiUsage | null | undefined): u is OpenAiUsage =>
  !!u && typeof u === 'object' && ((u.prompt_tokens ?? 0) > 0 || (u.completion_tokens ?? 0) > 0);

/**
 * Reported usage in the one form billing reads: total_tokens filled in, and DeepSeek's
 * prompt_cache_hit_tokens as prompt_tokens_details.cached_tokens (both count inside prompt_tokens).
 */
export function normalizeOpenAiUsage(u: OpenAiUsage): OpenAiUsage {
  const usage: OpenAiUsage = { ...u, total_tokens: u.total_tokens ?? (u.prompt_tokens ?? 0) + (u.completion_tokens ?? 0) };
  const cached = u.prompt_tokens_details?.cached_tokens ?? u.prompt_cache_hit_tokens;
  if (cached && !u.prompt_tokens_details?.cached_tokens) usage.prompt_tokens_details = { ...u.prompt_tokens_details, cached_tokens: cached };
  return usage;
}
