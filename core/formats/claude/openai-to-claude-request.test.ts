import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRequest } from '../openai/chat-types.js';
import { openAiToClaudeRequest, type ClaudeChannelSettings } from './openai-to-claude-request.js';
import { parseClaudeRequest } from './parse-claude-request.js';

const settings: ClaudeChannelSettings = { defaultMaxTokens: { default: 8192, 'claude-3-haiku': 4096 }, thinkingAdapterEnabled: true, thinkingAdapterBudgetTokensPercentage: 0.8 };
const req = (messages: ChatMessage[], extra: Partial<ChatRequest> = {}): ChatRequest => ({ model: 'claude-sonnet-4', messages, ...extra });
const convert = (messages: ChatMessage[], extra: Partial<ChatRequest> = {}, s = settings) => openAiToClaudeRequest(req(messages, extra), s);
const call = (id: string, name: string, args: string) => ({ id, type: 'function' as const, function: { name, arguments: args } });

describe('openAiToClaudeRequest', () => {
  it('moves system and developer text to `system`, tool calls to tool_use, tool results into the next user turn', () => {
    const out = convert([
      { role: 'system', content: 'Be brief.' },
      { role: 'developer', content: [{ type: 'text', text: 'Use tools.' }] },
      { role: 'user', content: 'Weather in Paris and Rome?' },
      { role: 'assistant', content: null, tool_calls: [call('c1', 'weather', '{"city":"Paris"}'), call('c2', 'weather', '')] },
      { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
      { role: 'tool', tool_call_id: 'c2', content: [{ type: 'text', text: 'rain' }] },
      { role: 'user', content: 'Thanks' },
    ]);
    expect(out).toEqual({
      model: 'claude-sonnet-4',
      max_tokens: 8192,
      system: [
        { type: 'text', text: 'Be brief.' },
        { type: 'text', text: 'Use tools.' },
      ],
      messages: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'c1', name: 'weather', input: { city: 'Paris' } },
            { type: 'tool_use', id: 'c2', name: 'weather', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'c1', content: 'sunny' },
            { type: 'tool_result', tool_use_id: 'c2', content: [{ type: 'text', text: 'rain' }] },
          ],
        },
        { role: 'user', content: 'Thanks' },
      ],
    });
    expect(parseClaudeRequest(out).ok).toBe(true);
  });

  it.each([
    ['an assistant first gets a "..." user turn before it', [{ role: 'assistant', content: 'Hello' }], [{ role: 'user', content: [{ type: 'text', text: '...' }] }, { role: 'assistant', content: 'Hello' }]],
    ['consecutive plain user messages are joined with a space', [{ role: 'user', content: 'a' }, { role: 'user', content: 'b' }], [{ role: 'user', content: 'a b' }]],
    ['empty content becomes "..."', [{ role: 'user', content: '' }, { role: 'assistant', content: null }], [{ role: 'user', content: '...' }, { role: 'assistant', content: '...' }]],
    ['empty parts become "..."', [{ role: 'user', content: [] }], [{ role: 'user', content: '...' }]],
    ['parts with nothing Claude can read become "..."', [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: 'x', format: 'wav' } }] }], [{ role: 'user', content: [{ type: 'text', text: '...' }] }]],
    [
      'a tool result after a user turn joins it',
      [{ role: 'user', content: 'q' }, { role: 'tool', tool_call_id: 't', content: '' }],
      [{ role: 'user', content: [{ type: 'text', text: 'q' }, { type: 'tool_result', tool_use_id: 't', content: '...' }] }],
    ],
  ] as Array<[string, ChatMessage[], unknown]>)('%s', (_, messages, expected) => {
    expect(convert(messages).messages).toEqual(expected);
  });

  it('sends images as Claude sources without fetching them, PDFs as documents and text files as text', () => {
    const out = convert([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look', cache_control: { type: 'ephemeral' } },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg', detail: 'high' } },
          { type: 'image_url', image_url: { url: 'ftp://example.com/cat.jpg' } },
          { type: 'file', file: { filename: 'a.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' } },
          { type: 'file', file: { filename: 'b.pdf', file_data: 'JVBERi0=' } },
          { type: 'file', file: { filename: 'notes.md', file_data: Buffer.from('# hi 你好').toString('base64') } },
          { type: 'file', file: { file_id: 'file_1' } },
        ],
      },
    ]);
    expect(out.messages[0]!.content).toEqual([
      { type: 'text', text: 'Look', cache_control: { type: 'ephemeral' } },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, title: 'a.pdf' },
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, title: 'b.pdf' },
      { type: 'text', text: '# hi 你好' },
    ]);
  });

  it.each([
    ['max_tokens as asked', { max_tokens: 100 }, 'claude-sonnet-4', settings, 100],
    ['the larger of max_tokens and max_completion_tokens', { max_tokens: 200, max_completion_tokens: 300 }, 'claude-sonnet-4', settings, 300],
    ["the model's claude.default_max_tokens entry", {}, 'claude-3-haiku', settings, 4096],
    ['the default entry', { max_tokens: 0 }, 'claude-sonnet-4', settings, 8192],
    ['8192 when the option has no default', {}, 'claude-sonnet-4', { ...settings, defaultMaxTokens: {} }, 8192],
  ])('max_tokens: %s', (_, extra, model, s, expected) => {
    expect(openAiToClaudeRequest(req([{ role: 'user', content: 'x' }], { ...extra, model }), s).max_tokens).toBe(expected);
  });

  it.each([
    ['a small max_tokens is raised to 1280 (budget 1024)', { max_tokens: 1000 }, settings, { model: 'claude-sonnet-4', max_tokens: 1280, thinking: { type: 'enabled', budget_tokens: 1024 }, temperature: 1 }],
    ['the budget is the configured share of max_tokens', { max_tokens: 10000 }, { ...settings, thinkingAdapterBudgetTokensPercentage: 0.5 }, { model: 'claude-sonnet-4', max_tokens: 10000, thinking: { type: 'enabled', budget_tokens: 5000 }, temperature: 1 }],
    ['the adapter off leaves the name alone', { max_tokens: 1000 }, { ...settings, thinkingAdapterEnabled: false }, { model: 'claude-sonnet-4-thinking', max_tokens: 1000, temperature: 0.3, top_p: 0.5 }],
  ])('-thinking suffix: %s', (_, extra, s, expected) => {
    const out = openAiToClaudeRequest(req([{ role: 'user', content: 'x' }], { ...extra, model: 'claude-sonnet-4-thinking', temperature: 0.3, top_p: 0.5 }), s);
    expect(out).toEqual({ ...expected, messages: [{ role: 'user', content: 'x' }] });
  });

  const tools = [{ type: 'function' as const, function: { name: 'f', description: 'does f', parameters: { type: 'object', properties: { a: { type: 'string' } } } } }];
  it.each([
    ['auto', undefined, { type: 'auto' }],
    ['required', undefined, { type: 'any' }],
    ['none', undefined, { type: 'none' }],
    [{ type: 'function', function: { name: 'f' } }, false, { type: 'tool', name: 'f', disable_parallel_tool_use: true }],
    [undefined, false, { type: 'auto', disable_parallel_tool_use: true }],
    [undefined, undefined, undefined],
  ] as const)('tool_choice %j with parallel_tool_calls %j → %j', (choice, parallel, expected) => {
    const out = convert([{ role: 'user', content: 'x' }], { tools, tool_choice: choice, parallel_tool_calls: parallel });
    expect(out.tools).toEqual([{ name: 'f', description: 'does f', input_schema: { type: 'object', properties: { a: { type: 'string' } } } }]);
    expect(out.tool_choice).toEqual(expected);
  });

  it('gives a tool without parameters an empty object schema', () => {
    expect(convert([{ role: 'user', content: 'x' }], { tools: [{ type: 'function', function: { name: 'g' } }] }).tools).toEqual([{ name: 'g', input_schema: { type: 'object', properties: {} } }]);
  });

  it.each([
    ['stop as a string', { stop: 'END' }, { stop_sequences: ['END'] }],
    ['stop as a list', { stop: ['a', 'b'] }, { stop_sequences: ['a', 'b'] }],
    ["a temperature above Claude's range", { temperature: 1.7 }, { temperature: 1 }],
    ['sampling and streaming', { temperature: 0.2, top_p: 0.9, top_k: 5, stream: true }, { temperature: 0.2, top_p: 0.9, top_k: 5, stream: true }],
  ])('%s', (_, extra, expected) => {
    expect(convert([{ role: 'user', content: 'x' }], extra)).toEqual({ model: 'claude-sonnet-4', max_tokens: 8192, messages: [{ role: 'user', content: 'x' }], ...expected });
  });
});
