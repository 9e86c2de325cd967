import { describe, expect, it } from 'vitest';
import { claudeToOpenAiResponse } from './claude-to-openai-response.js';
import { claudeMessageSchema, type ClaudeMessage } from './claude-upstream-schema.js';

const message = (over: Partial<ClaudeMessage> = {}): ClaudeMessage =>
  claudeMessageSchema.parse({
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-20250514',
    content: [{ type: 'text', text: 'Hi' }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 2 },
    ...over,
  });

describe('claudeToOpenAiResponse', () => {
  it('joins text, gives thinking as reasoning_content and tool_use as tool_calls, with usage in OpenAI terms', () => {
    const msg = message({
      content: [
        { type: 'thinking', thinking: 'Plan.', signature: 'sig' },
        { type: 'text', text: 'Let me ' },
        { type: 'server_tool_use', id: 'srv', name: 'web_search', input: { query: 'x' } },
        { type: 'web_search_tool_result', tool_use_id: 'srv', content: [] },
        { type: 'text', text: 'check.' },
        { type: 'tool_use', id: 'toolu_1', name: 'ls', input: { dir: '/tmp' } },
      ],
      stop_reason: 'tool_use',
      usage: { input_tokens: 30, output_tokens: 87, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200 },
    });
    expect(claudeToOpenAiResponse(msg, 'fallback', 1750000000)).toEqual({
      id: 'msg_01',
      object: 'chat.completion',
      created: 1750000000,
      model: 'claude-sonnet-4-20250514',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'Let me check.',
            tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'ls', arguments: '{"dir":"/tmp"}' } }],
            reasoning_content: 'Plan.',
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 1230, completion_tokens: 87, total_tokens: 1317, prompt_tokens_details: { cached_tokens: 1000, cached_creation_tokens: 200 } },
    });
  });

  it.each([
    ['end_turn', 'stop'],
    ['max_tokens', 'max_tokens'],
    [null, 'stop'],
  ])('stop_reason %s → finish_reason %s', (stop, finish) => {
    expect(claudeToOpenAiResponse(message({ stop_reason: stop }), 'm', 1).choices[0]!.finish_reason).toBe(finish);
  });

  it('falls back to its own id and model and leaves usage out when the upstream gave neither', () => {
    const out = claudeToOpenAiResponse(claudeMessageSchema.parse({ content: [{ type: 'tool_use', id: 't', name: 'f' }] }), 'claude-x', 42);
    expect(out).toEqual({
      id: 'chatcmpl-42',
      object: 'chat.completion',
      created: 42,
      model: 'claude-x',
      choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 't', type: 'function', function: { name: 'f', arguments: '{}' } }] }, finish_reason: 'stop' }],
    });
  });
});
