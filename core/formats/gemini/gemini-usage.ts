import type { OpenAiUsage } from '../openai/chat-types.js';
import type { GeminiUsageMetadata } from './gemini-response-schema.js';

const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/**
 * Gemini usageMetadata → the gateway's OpenAI usage. Both count cached tokens inside the prompt total
 * (`cachedContentTokenCount` is part of `promptTokenCount`). Completion is total − prompt, as new-api bills it:
 * thoughts are included (and also reported as reasoning tokens). Null when nothing was counted.
 */
export function geminiUsageToOpenAi(m: GeminiUsageMetadata | null | undefined): OpenAiUsage | null {
  if (!m) return null;
  const prompt = count(m.promptTokenCount);
  const total = count(m.totalTokenCount);
  const completion = total ? Math.max(total - prompt, 0) : count(m.candidatesTokenCount) + count(m.thoughtsTokenCount);
  if (!prompt && !completion) return null;
  const usage: OpenAiUsage = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
  const details: Record<string, number> = {};
  const cached = count(m.cachedContentTokenCount);
  if (cached) details.cached_tokens = cached;
  for (const d of m.promptTokensDetails ?? []) {
    if (d.modality === 'TEXT' && count(d.tokenCount)) details.text_tokens = count(d.tokenCount);
    if (d.modality === 'AUDIO' && count(d.tokenCount)) details.audio_tokens = count(d.tokenCount);
  }
  if (Object.keys(details).length) usage.prompt_tokens_details = details;
  const reasoning = count(m.thoughtsTokenCount);
  if (reasoning) usage.completion_tokens_details = { reasoning_tokens: reasoning };
  return usage;
}

/** The gateway's OpenAI usage → the usageMetadata a Gemini client reads (thoughts counted apart from candidates). */
export function openAiUsageToGemini(u: OpenAiUsage): GeminiUsageMetadata {
  const prompt = count(u.prompt_tokens);
  const completion = count(u.completion_tokens);
  const details = u.completion_tokens_details as { reasoning_tokens?: unknown } | undefined;
  const reasoning = Math.min(count(details?.reasoning_tokens), completion);
  const meta: GeminiUsageMetadata = { promptTokenCount: prompt, candidatesTokenCount: completion - reasoning, totalTokenCount: prompt + completion };
  const cached = count(u.prompt_tokens_details?.cached_tokens);
  if (cached) meta.cachedContentTokenCount = cached;
  if (reasoning) meta.thoughtsTokenCount = reasoning;
  return meta;
}
