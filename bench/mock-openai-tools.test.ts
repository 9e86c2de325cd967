import OpenAI from 'openai';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { jsonDirectiveKey, startMockUpstream } from './mock-upstream.js';
import { directivesFromKey } from './mock/mock-directives.js';
import { mockClient, ssePayloads } from './mock/mock-test-client.js';

const mock = await startMockUpstream({ port: 0 });
const { chat } = mockClient(mock);
afterAll(() => mock.close());
afterEach(() => mock.reset());

interface ToolDelta {
  index: number;
  id?: string;
  type?: string;
  function: { name?: string; arguments: string };
}
interface ChatDelta {
  role?: string;
  content?: string;
  reasoning_content?: string;
  tool_calls?: ToolDelta[];
}
const deltasOf = (text: string) =>
  (ssePayloads(text).filter((p) => p !== '[DONE]') as Array<{ choices: Array<{ delta: ChatDelta; finish_reason: string | null }> }>).map((c) => c.choices[0]!);

describe('chat completions with scripted tool calls and reasoning', () => {
  it('answers tool_calls with null content and finish_reason tool_calls', async () => {
    const body = await (await chat({ mock: { tool_calls: [{ name: 'lookup', arguments: { q: 'a' } }] } })).json();
    expect(body.choices[0]).toMatchObject({
      message: { role: 'assistant', content: null, tool_calls: [{ id: expect.stringMatching(/^call_mock_\d+_0$/), type: 'function', function: { name: 'lookup', arguments: '{"q":"a"}' } }] },
      finish_reason: 'tool_calls',
    });
  });

  it('streams reasoning, content and a tool call whose arguments arrive in arg_chunks pieces', async () => {
    const mockDirectives = { thinking: 'why', content: 'ok', chunks: 1, tool_calls: [{ name: 'f', arguments: { s: 'x'.repeat(40) } }], arg_chunks: 50 };
    const choices = deltasOf(await (await chat({ stream: true, mock: mockDirectives })).text());
    expect(choices[0]!.delta).toEqual({ role: 'assistant', reasoning_content: 'why' });
    expect(choices[1]!.delta).toEqual({ content: 'ok' });
    expect(choices[2]!.delta.tool_calls).toEqual([{ index: 0, id: expect.stringMatching(/^call_mock_/), type: 'function', function: { name: 'f', arguments: '' } }]);
    const pieces = choices.slice(3, -1).map((c) => c.delta.tool_calls![0]!.function.arguments);
    expect(pieces).toHaveLength(50);
    expect(JSON.parse(pieces.join(''))).toEqual({ s: 'x'.repeat(40) });
    expect(choices.at(-1)!.finish_reason).toBe('tool_calls');
  });

  it('reasoning_tokens adds completion_tokens_details; finish_reason is taken verbatim', async () => {
    const body = await (await chat({ mock: { reasoning_tokens: 5, finish_reason: 'length' } })).json();
    expect(body.usage).toEqual({ prompt_tokens: 10, completion_tokens: 20, total_tokens: 30, completion_tokens_details: { reasoning_tokens: 5 } });
    expect(body.choices[0].finish_reason).toBe('length');
  });

  it('the official SDK assembles streamed tool calls scripted by a mock-tool-calls-<n> key', async () => {
    const client = new OpenAI({ apiKey: 'mock-tool-calls-2', baseURL: `${mock.url}/v1`, maxRetries: 0 });
    const stream = client.chat.completions.stream({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] });
    const completion = await stream.finalChatCompletion();
    expect(completion.choices[0]!.message.tool_calls?.map((c) => (c.type === 'function' ? [c.function.name, JSON.parse(c.function.arguments)] : null))).toEqual([
      ['get_weather', { city: 'Paris' }],
      ['get_weather', { city: 'Paris', n: 1 }],
    ]);
  });
});

describe('keys that carry a whole directive object', () => {
  it('mock-json-<base64url> sets every directive, and beats the body', async () => {
    const key = jsonDirectiveKey({ content: 'from key', completion_tokens: 3, usage: false });
    expect(directivesFromKey(`Bearer ${key}`)).toEqual({ content: 'from key', completion_tokens: 3, usage: false });
    const body = await (await chat({ mock: { content: 'from body' } }, key)).json();
    expect(body.choices[0].message.content).toBe('from key');
    expect(body).not.toHaveProperty('usage');
  });

  it.each([
    ['not base64 JSON', 'mock-json-%%%'],
    ['JSON that is not an object', `mock-json-${Buffer.from('[1]').toString('base64url')}`],
    ['a tool-call count that is not a number', 'mock-tool-calls-x'],
  ])('ignores %s', (_name, key) => {
    expect(directivesFromKey(key)).toEqual({});
  });
});
