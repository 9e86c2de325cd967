import type { TokenCounter } from '../../workers/pool.js';
import type { RelayRequest } from './relay-request.js';
import { promptTask } from './resolve-usage.js';

/** count_tokens answered from the tokenizer workers, in the client's own shape (Claude or Gemini). */
export async function countTokensLocally(counter: TokenCounter, req: RelayRequest): Promise<unknown> {
  const tokens = await counter.count(promptTask(req));
  return req.format === 'gemini' ? { totalTokens: tokens } : { input_tokens: tokens };
}
