import { describe, expect, it } from 'vitest';
import type { ChatCompletion } from '../openai/chat-types.js';
import { chatToResponsesResponse } from './chat-to-responses-response.js';

const completion = (message: ChatCompletion['choices'][number]['message'], finish: ChatCompletion['choices'][number]['finish_reason'] = 'stop'): ChatCompletion => ({
  id: 'chatcmpl-abc',
  object: 'chat.completion',
  created: 1700000000,
  model: 'gpt-4o',
  choices: [{ index: 0, message, finish_reason: finish }],
  usage: { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20, prompt_tokens_details: { cached_tokens: 4 } },
});

describe('chatToResponsesResponse', () => {
  it('renders text with usage in the Responses shape', () => {
    expect(chatToResponsesResponse(completion({ role: 'assistant', content: 'Hello' }), 'm', 1)).toEqual({
      id: 'resp_abc',
      object: 'response',
      created_at: 1700000000,
      status: 'completed',
      incomplete_details: null,
      error: null,
      model: 'gpt-4o',
      output: [{ type: 'message', id: 'msg_abc_0', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hello', annotations: [] }] }],
      usage: { input_tokens: 12, input_tokens_details: { cached_tokens: 4 }, output_tokens: 8, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 20 },
    });
  });

  it('orders reasoning, message and function calls', () => {
    const r = chatToResponsesResponse(
      completion(
        {
          role: 'assistant',
          content: 'Calling.',
          reasoning_content: 'think',
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }],
        },
        'tool_calls',
      ),
      'm',
      1,
    );
    expect(r.output.map((o) => o.type)).toEqual(['reasoning', 'message', 'function_call']);
    expect(r.output[2]).toEqual({ type: 'function_call', id: 'fc_abc_2', call_id: 'call_1', name: 'f', arguments: '{"a":1}', status: 'completed' });
    expect(r.status).toBe('completed');
  });

  it.each([
    ['length', 'incomplete', { reason: 'max_output_tokens' }],
    ['content_filter', 'incomplete', { reason: 'content_filter' }],
    ['stop', 'completed', null],
  ] as const)('finish_reason %s → status %s', (finish, status, details) => {
    const r = chatToResponsesResponse(completion({ role: 'assistant', content: 'x' }, finish), 'm', 1);
    expect(r.status).toBe(status);
    expect(r.incomplete_details).toEqual(details);
  });
});
