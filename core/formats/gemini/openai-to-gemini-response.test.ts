import { describe, expect, it } from 'vitest';
import type { ChatCompletion } from '../openai/chat-types.js';
import { openAiToGeminiResponse } from './openai-to-gemini-response.js';

const completion = (message: ChatCompletion['choices'][number]['message'], finish: ChatCompletion['choices'][number]['finish_reason'] = 'stop'): ChatCompletion => ({
  id: 'chatcmpl-o1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4o',
  choices: [{ index: 0, message, finish_reason: finish }],
  usage: { prompt_tokens: 50, completion_tokens: 12, total_tokens: 62, prompt_tokens_details: { cached_tokens: 32 }, completion_tokens_details: { reasoning_tokens: 4 } },
});

describe('openAiToGeminiResponse', () => {
  it('writes reasoning as a thought part, then text, with usage in Gemini terms', () => {
    expect(openAiToGeminiResponse(completion({ role: 'assistant', content: 'Hi!', reasoning_content: 'greet' }), 'fallback')).toEqual({
      candidates: [{ content: { parts: [{ text: 'greet', thought: true }, { text: 'Hi!' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 50, candidatesTokenCount: 8, totalTokenCount: 62, cachedContentTokenCount: 32, thoughtsTokenCount: 4 },
      modelVersion: 'gpt-4o',
      responseId: 'chatcmpl-o1',
    });
  });

  it('writes tool calls as functionCall parts, keeping a signature and arguments that are not JSON', () => {
    const res = openAiToGeminiResponse(
      completion(
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":[1,"é"]}' }, extra_content: { google: { thought_signature: 's' } } },
            { id: 'c2', type: 'function', function: { name: 'g', arguments: 'not json' } },
            { id: 'c3', type: 'function', function: { name: 'h', arguments: '' } },
          ],
        },
        'tool_calls',
      ),
      'fallback',
    );
    expect(res.candidates![0]).toEqual({
      content: {
        parts: [
          { functionCall: { name: 'f', args: { a: [1, 'é'] } }, thoughtSignature: 's' },
          { functionCall: { name: 'g', args: { arguments: 'not json' } } },
          { functionCall: { name: 'h', args: {} } },
        ],
        role: 'model',
      },
      finishReason: 'STOP',
      index: 0,
    });
  });

  it.each([
    ['length', 'MAX_TOKENS'],
    ['content_filter', 'SAFETY'],
  ] as const)('finish %s → %s, and an empty answer still has a part', (finish, reason) => {
    const res = openAiToGeminiResponse({ ...completion({ role: 'assistant', content: '' }, finish), usage: null, model: '' }, 'fallback');
    expect(res).toEqual({ candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, finishReason: reason, index: 0 }], modelVersion: 'fallback', responseId: 'chatcmpl-o1' });
  });

  it('joins content parts', () => {
    const res = openAiToGeminiResponse(completion({ role: 'assistant', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }), 'm');
    expect(res.candidates![0]!.content!.parts).toEqual([{ text: 'ab' }]);
  });
});
