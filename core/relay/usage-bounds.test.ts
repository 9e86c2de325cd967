import { describe, expect, it } from 'vitest';
import { parseRelayRequest } from './relay-request.js';

type RelayMode = 'chat' | 'completions' | 'embeddings';
import { MAX_TOKENS_PER_REQUEST, MEDIA_PART_TOKENS, PROMPT_MARGIN_TOKENS, usageBounds } from './usage-bounds.js';

const request = (mode: RelayMode, body: Record<string, unknown>) => {
  const raw = Buffer.from(JSON.stringify(body));
  return { req: parseRelayRequest('openai', { kind: mode, pathModel: null, pathStream: false, batch: false }, raw, 'application/json'), bytes: raw.length };
};
const chat = (extra: Record<string, unknown> = {}) => request('chat', { model: 'm', messages: [{ role: 'user', content: 'hi' }], ...extra });

describe('usageBounds', () => {
  it.each<[string, ReturnType<typeof request>, Record<string, unknown> | null, (bytes: number) => [number, number]]>([
    ['no max_tokens: completion up to the absolute cap', chat(), null, (b) => [b + PROMPT_MARGIN_TOKENS, MAX_TOKENS_PER_REQUEST]],
    ['max_tokens', chat({ max_tokens: 50 }), null, (b) => [b + PROMPT_MARGIN_TOKENS, 50]],
    ['the larger of max_tokens and max_completion_tokens', chat({ max_tokens: 50, max_completion_tokens: 80 }), null, (b) => [b + PROMPT_MARGIN_TOKENS, 80]],
    ['n choices', chat({ max_tokens: 50, n: 3 }), null, (b) => [b + PROMPT_MARGIN_TOKENS, 150]],
    ['best_of on completions', request('completions', { model: 'm', prompt: 'p', max_tokens: 10, best_of: 4 }), null, (b) => [b + PROMPT_MARGIN_TOKENS, 40]],
    ['embeddings have no completion', request('embeddings', { model: 'm', input: 'x' }), null, (b) => [b + PROMPT_MARGIN_TOKENS, 0]],
    ['huge max_tokens stays under the cap', chat({ max_tokens: 9_000_000, n: 4 }), null, (b) => [b + PROMPT_MARGIN_TOKENS, MAX_TOKENS_PER_REQUEST]],
    [
      'each media part adds its allowance',
      chat({ messages: [{ role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image_url', image_url: { url: 'https://x/y.png' } }, { type: 'file', file: { file_id: 'f' } }] }] }),
      null,
      (b) => [b + PROMPT_MARGIN_TOKENS + 2 * MEDIA_PART_TOKENS, MAX_TOKENS_PER_REQUEST],
    ],
    [
      'param_override raises max_tokens and adds its own bytes',
      chat({ max_tokens: 50 }),
      { max_tokens: 500 },
      (b) => [b + JSON.stringify({ max_tokens: 500 }).length + PROMPT_MARGIN_TOKENS, 500],
    ],
  ])('%s', (_name, { req, bytes }, override, want) => {
    const [prompt, completion] = want(bytes);
    expect(usageBounds(req, override)).toEqual({ prompt, completion });
  });

  it('never lets the prompt bound pass the absolute cap', () => {
    const parts = Array.from({ length: 100 }, () => ({ type: 'image_url', image_url: { url: 'u' } }));
    const { req } = chat({ messages: [{ role: 'user', content: parts }] });
    expect(usageBounds(req, null).prompt).toBe(MAX_TOKENS_PER_REQUEST);
  });
});
