import { describe, expect, it } from 'vitest';
import type { ChatCompletion, ChatMessage } from '../openai/chat-types.js';
import { openAiToClaudeResponse } from './openai-to-claude-response.js';

const completion = (message: ChatMessage, finish: ChatCompletion['choices'][number]['finish_reason'], usage?: ChatCompletion['usage']): ChatCompletion => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4o',
  choices: [{ index: 0, message, finish_reason: finish }],
  ...(usage ? { usage } : {}),
});

describe('openAiToClaudeResponse', () => {
  it('answers with thinking, text and tool_use blocks, and usage without the cached part in input_tokens', () => {
    const res = completion(
      { role: 'assistant', content: 'Checking.', reasoning_content: 'Plan.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'ls', arguments: '{"dir":"/"}' } }] },
      'tool_calls',
      { prompt_tokens: 40, completion_tokens: 9, total_tokens: 49, prompt_tokens_details: { cached_tokens: 32 } },
    );
    expect(openAiToClaudeResponse(res, 'fallback')).toEqual({
      id: 'chatcmpl-1',
      type: 'message',
      role: 'assistant',
      model: 'gpt-4o',
      content: [
        { type: 'thinking', thinking: 'Plan.', signature: '' },
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id: 'call_1', name: 'ls', input: { dir: '/' } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 8, output_tokens: 9, cache_creation_input_tokens: 0, cache_read_input_tokens: 32 },
    });
  });

  it.each([
    ['stop', undefined, 'end_turn'],
    ['length', undefined, 'max_tokens'],
    ['content_filter', undefined, 'refusal'],
    // an upstream that ends tool calls with "stop" still asks the client to run them
    ['stop', [{ id: 'c', type: 'function' as const, function: { name: 'f', arguments: 'not json' } }], 'tool_use'],
  ] as const)('finish_reason %s (tool calls: %j) → stop_reason %s', (finish, calls, stop) => {
    const res = openAiToClaudeResponse(completion({ role: 'assistant', content: 'x', ...(calls ? { tool_calls: [...calls] } : {}) }, finish), 'm');
    expect(res.stop_reason).toBe(stop);
  });

  it('reads text given as parts and `reasoning`, gives `{}` for unreadable arguments, zero usage when none came', () => {
    const res = openAiToClaudeResponse(
      completion(
        { role: 'assistant', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }], reasoning: 'r', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '[1]' } }] },
        'tool_calls',
      ),
      'm',
    );
    expect(res.content).toEqual([
      { type: 'thinking', thinking: 'r', signature: '' },
      { type: 'text', text: 'ab' },
      { type: 'tool_use', id: 'c', name: 'f', input: {} },
    ]);
    expect(res.usage).toEqual({ input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 });
  });

  it('answers an empty completion with an empty content list', () => {
    const res = openAiToClaudeResponse({ id: 'x', object: 'chat.completion', created: 1, model: '', choices: [] }, 'gpt-4o');
    expect(res).toMatchObject({ model: 'gpt-4o', content: [], stop_reason: 'end_turn' });
  });
});
