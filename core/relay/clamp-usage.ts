import type { OpenAiUsage } from '../formats/openai/chat-types.js';
import { MAX_TOKENS_PER_REQUEST, type UsageBounds } from './usage-bounds.js';

export interface ClampedUsage {
  usage: OpenAiUsage;
  /** the reported fields that were out of bounds (negative, fractional, not numbers, too large) */
  clamped: string[];
}

const count = (v: unknown): number => (typeof v === 'number' && v > 0 ? Math.floor(Math.min(v, Number.MAX_SAFE_INTEGER)) : 0);

/**
 * Usage as billed and logged: non-negative integer counts within the request's bounds, and cached tokens
 * never more than the prompt. Reported reasoning tokens are allowed on top of the completion bound: Gemini
 * (maxOutputTokens), DeepSeek reasoner and Qwen thinking limit only the answer with max_tokens, yet count
 * the reasoning in completion_tokens. A missing field is 0 and not a clamp; total_tokens follows a clamp.
 */
export function clampUsage(usage: OpenAiUsage, bounds: UsageBounds): ClampedUsage {
  const clamped: string[] = [];
  const fit = (name: string, value: unknown, max: number): number => {
    const n = Math.min(count(value), max);
    if (value !== undefined && value !== n) clamped.push(name);
    return n;
  };
  const prompt = fit('prompt_tokens', usage.prompt_tokens, bounds.prompt);
  const reasoning = count((usage.completion_tokens_details as { reasoning_tokens?: unknown } | undefined)?.reasoning_tokens);
  const completion = fit('completion_tokens', usage.completion_tokens, Math.min(MAX_TOKENS_PER_REQUEST, bounds.completion + reasoning));
  const details = usage.prompt_tokens_details;
  const cached = details ? fit('cached_tokens', details.cached_tokens, prompt) : undefined;
  if (clamped.length === 0) return { usage, clamped };
  return {
    usage: {
      ...usage,
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
      ...(details ? { prompt_tokens_details: { ...details, cached_tokens: cached } } : {}),
    },
    clamped,
  };
}
