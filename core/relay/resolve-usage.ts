import type { TokenCounter } from '../../workers/pool.js';
import type { OpenAiUsage } from '../formats/openai/stream-accumulator.js';
import type { RelayOutcome } from './relay-outcome.js';
import type { RelayRequest } from './relay-request.js';

export interface ResolvedUsage {
  usage: OpenAiUsage;
  /** counted locally because the upstream reported none */
  estimated: boolean;
}

/**
 * Usage as the upstream reported it, or counted locally (cl100k/o200k in the worker pool) from the
 * request and the text actually delivered: the prompt, plus completion text, reasoning and tool calls.
 */
export async function resolveUsage(counter: TokenCounter, req: RelayRequest, out: RelayOutcome): Promise<ResolvedUsage> {
  const u = out.usage;
  if (u && ((u.prompt_tokens ?? 0) > 0 || (u.completion_tokens ?? 0) > 0)) {
    const cached = u.prompt_tokens_details?.cached_tokens ?? u.prompt_cache_hit_tokens;
    const usage: OpenAiUsage = { ...u, total_tokens: u.total_tokens ?? (u.prompt_tokens ?? 0) + (u.completion_tokens ?? 0) };
    if (cached && !u.prompt_tokens_details?.cached_tokens) usage.prompt_tokens_details = { ...u.prompt_tokens_details, cached_tokens: cached };
    return { usage, estimated: false };
  }
  const promptTask =
    req.mode === 'chat'
      ? { kind: 'chat' as const, model: req.model, request: req.body }
      : { kind: 'prompt' as const, model: req.model, prompt: req.mode === 'embeddings' ? req.body.input : req.body.prompt };
  const delivered = out.delivered();
  const [prompt, completion] = await Promise.all([
    counter.count(promptTask),
    delivered.text || delivered.maxToolCalls
      ? counter.count({ kind: 'completion', model: req.model, text: delivered.text, toolCalls: delivered.maxToolCalls })
      : Promise.resolve(0),
  ]);
  return { usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion }, estimated: true };
}
