import type { OpenAiUsage } from '../openai/chat-types.js';
import type { ResponsesUsage } from './responses-types.js';

const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/** Responses usage → the gateway's OpenAI usage. Both count cached tokens inside the input/prompt total. */
export function responsesUsageToOpenAi(u: Partial<ResponsesUsage> | null | undefined): OpenAiUsage | null {
  if (!u || typeof u !== 'object') return null;
  const prompt = count(u.input_tokens);
  const completion = count(u.output_tokens);
  const usage: OpenAiUsage = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: count(u.total_tokens) || prompt + completion };
  const cached = count(u.input_tokens_details?.cached_tokens);
  if (cached) usage.prompt_tokens_details = { cached_tokens: cached };
  const reasoning = count(u.output_tokens_details?.reasoning_tokens);
  if (reasoning) usage.completion_tokens_details = { reasoning_tokens: reasoning };
  return usage;
}

/** The gateway's OpenAI usage → the Responses shape a client reads. */
export function openAiUsageToResponses(u: OpenAiUsage): ResponsesUsage {
  const input = count(u.prompt_tokens);
  const output = count(u.completion_tokens);
  const details = u.completion_tokens_details as { reasoning_tokens?: unknown } | undefined;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: count(u.prompt_tokens_details?.cached_tokens) },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: count(details?.reasoning_tokens) },
    total_tokens: input + output,
  };
}
