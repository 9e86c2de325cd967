import { describe, expect, it } from 'vitest';
import { responsesToChatRequest } from './responses-to-chat-request.js';
import type { ResponsesRequest } from './responses-types.js';

const convert = (req: Partial<ResponsesRequest>) => {
  const r = responsesToChatRequest({ model: 'gpt-4o', input: 'hi', ...req });
  if (!r.ok) throw new Error(r.failure.message);
  return r.request;
};

describe('responsesToChatRequest', () => {
  it('turns string input and instructions into system + user messages', () => {
    expect(convert({ instructions: 'be brief', input: 'hello', max_output_tokens: 16, stream: true, temperature: 0.2 })).toEqual({
      model: 'gpt-4o',
      messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'hello' }],
      stream: true,
      max_tokens: 16,
      temperature: 0.2,
    });
  });

  it('maps a tool round trip: parallel calls onto one assistant message, outputs to tool messages', () => {
    const req = convert({
      input: [
        { role: 'user', content: [{ type: 'input_text', text: 'weather?' }, { type: 'input_image', image_url: 'data:image/png;base64,AAAA', detail: 'low' }] },
        { type: 'reasoning', id: 'rs_1', summary: [] },
        { type: 'function_call', call_id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call', call_id: 'call_b', name: 'get_weather', arguments: '{"city":"Rome"}' },
        { type: 'function_call_output', call_id: 'call_a', output: 'sunny' },
        { type: 'function_call_output', call_id: 'call_b', output: [{ type: 'input_text', text: 'rain' }] },
        { role: 'assistant', content: [{ type: 'output_text', text: 'Paris sunny, Rome rain.' }] },
      ],
      tools: [
        { type: 'function', name: 'get_weather', description: 'w', parameters: { type: 'object' }, strict: true },
        { type: 'web_search_preview' },
      ],
      tool_choice: { type: 'function', name: 'get_weather' },
    });
    expect(req.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'weather?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA', detail: 'low' } }] },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_b', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a', content: 'sunny' },
      { role: 'tool', tool_call_id: 'call_b', content: 'rain' },
      { role: 'assistant', content: 'Paris sunny, Rome rain.' },
    ]);
    expect(req.tools).toEqual([{ type: 'function', function: { name: 'get_weather', description: 'w', parameters: { type: 'object' }, strict: true } }]);
    expect(req.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
  });

  it.each([
    [{ reasoning: { effort: 'high' } }, { reasoning_effort: 'high' }],
    [{ text: { format: { type: 'json_object' } } }, { response_format: { type: 'json_object' } }],
    [
      { text: { format: { type: 'json_schema', name: 'out', schema: { type: 'object' }, strict: true } } },
      { response_format: { type: 'json_schema', json_schema: { name: 'out', schema: { type: 'object' }, strict: true } } },
    ],
    [{ parallel_tool_calls: false, user: 'u1', top_p: 0.5 }, { parallel_tool_calls: false, user: 'u1', top_p: 0.5 }],
  ])('carries %j as %j', (extra, expected) => {
    expect(convert(extra as Partial<ResponsesRequest>)).toMatchObject(expected);
  });

  it('drops a tool_choice when no function tool survives', () => {
    expect(convert({ tools: [{ type: 'web_search_preview' }], tool_choice: 'required' })).not.toHaveProperty('tool_choice');
  });

  it.each([
    [{ previous_response_id: 'resp_1' }, /previous_response_id/],
    [{ input: [{ type: 'item_reference', id: 'msg_1' }] }, /item_reference/],
  ])('refuses server-side state %j with a 400', (extra, message) => {
    const r = responsesToChatRequest({ model: 'm', input: 'x', ...(extra as Partial<ResponsesRequest>) });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.failure.status).toBe(400);
      expect(r.failure.message).toMatch(message);
    }
  });
});
