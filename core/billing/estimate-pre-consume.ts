import type { PriceSettings } from './price-settings.js';
import type { ResolvedPrice } from './resolve-price.js';

/**
 * Largest max_tokens we take at face value. No model generates more, and capping keeps
 * tokens × ratio far inside the safe-integer range instead of reserving Infinity.
 */
export const MAX_ESTIMATED_COMPLETION_TOKENS = 10_000_000;

/**
 * A cheap upper-bound token estimate for text of `bytes` UTF-8 bytes (≈3 bytes per token), which keeps
 * the tokenizer off the hot path: the reservation's prompt, and the bill when a local count fails.
 */
export const tokensFromBytes = (bytes: number): number => Math.ceil(bytes / 3);

// JSON numbers like 1e400 parse to Infinity: that is "a lot", so it takes the cap; NaN and negatives are 0.
const count = (n: number, cap: number): number => (n > 0 ? Math.min(Math.floor(n), cap) : 0);

/**
 * The quota to reserve before calling upstream.
 *
 * Ratio models: (max(promptTokens, PreConsumedQuota) + maxTokens) × ModelRatio × GroupRatio, truncated.
 * This is L's rule: B reserved only PreConsumedQuota tokens when max_tokens was absent, ignoring a
 * large prompt. maxTokens is max(max_tokens, max_completion_tokens) for chat, max_tokens for Claude,
 * maxOutputTokens for Gemini, max_output_tokens for Responses, 0 for embeddings, audio and rerank.
 *
 * Per-call models: ModelPrice × QuotaPerUnit × GroupRatio, truncated.
 *
 * Always a non-negative safe integer.
 */
export function estimatePreConsume(
  price: ResolvedPrice,
  promptTokens: number,
  maxTokens: number,
  s: PriceSettings,
): number {
  let quota: number;
  if (price.usePrice) {
    quota = price.modelPrice * s.quotaPerUnit * price.groupRatio;
  } else {
    const prompt = count(promptTokens, Number.MAX_SAFE_INTEGER);
    const tokens = Math.max(prompt, count(s.preConsumedQuota, Number.MAX_SAFE_INTEGER)) + count(maxTokens, MAX_ESTIMATED_COMPLETION_TOKENS);
    // new-api multiplies the two ratios first, then the tokens, in float64
    quota = tokens * (price.modelRatio * price.groupRatio);
  }
  if (!(quota > 0)) return 0; // also catches NaN from a corrupt ratio
  return Math.min(Math.trunc(quota), Number.MAX_SAFE_INTEGER);
}
