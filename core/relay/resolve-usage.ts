import type { MaybePromise } from '../async/when-ready.js';
import type { TokenCounter } from '../../workers/pool.js';
import type { OpenAiUsage } from '../formats/openai/chat-types.js';
import { normalizeOpenAiUsage, reportsUsage } from '../formats/openai/openai-usage.js';
import type { RelayOutcome } from './relay-outcome.js';
import type { RelayRequest } from './relay-request.js';

export interface ResolvedUsage {
  usage: OpenAiUsage;
  /** counted locally because the upstream reported none */
  estimated: boolean;
}

/** The prompt as the tokenizer worker counts it, from the request in OpenAI form. */
export function promptTask(req: RelayRequest): Parameters<TokenCounter['count']>[0] {
  const hub = req.hub() ?? req.body;
  if (req.kind === 'chat' || req.kind === 'count_tokens') return { kind: 'chat', model: req.model, request: hub };
  return { kind: 'prompt', model: req.model, prompt: req.kind === 'embeddings' ? hub.input : hub.prompt };
}

/**
 * Usage as the upstream reported it, or counted locally (cl100k/o200k in the worker pool) from the
 * request and the text actually delivered: the prompt, plus completion text, reasoning and tool calls.
 */
export function resolveUsage(counter: TokenCounter, req: RelayRequest, out: RelayOutcome): MaybePromise<ResolvedUsage> {
  if (reportsUsage(out.usage)) return { usage: normalizeOpenAiUsage(out.usage), estimated: false };
  return countUsage(counter, req, out);
}

async function countUsage(counter: TokenCounter, req: RelayRequest, out: RelayOutcome): Promise<ResolvedUsage> {
  const delivered = out.delivered();
  const [prompt, completion] = await Promise.all([
    counter.count(promptTask(req)),
    delivered.text || delivered.maxToolCalls
      ? counter.count({ kind: 'completion', model: req.model, text: delivered.text, toolCalls: delivered.maxToolCalls })
      : Promise.resolve(0),
  ]);
  return { usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion }, estimated: true };
}
