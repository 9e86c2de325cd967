import { describe, expect, it } from 'vitest';
import { FULL_CLAUDE_REQUEST } from './__fixtures__/full-claude-request.js';
import type { ClaudeRequest } from './claude-request-schema.js';
import { claudeToOpenAiRequest } from './claude-to-openai-request.js';
import { parseClaudeRequest } from './parse-claude-request.js';

const parse = (body: unknown): ClaudeRequest => {
  const r = parseClaudeRequest(body);
  if (!r.ok) throw new Error(r.failure.message);
  return r.request;
};
const base = { model: 'claude-sonnet-4', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] };
const convert = (body: Record<string, unknown>, opts = { upstreamModel: 'gpt-4o', openRouter: false }) => claudeToOpenAiRequest(parse({ ...base, ...body }), opts);

describe('claudeToOpenAiRequest', () => {
  it('converts every block: system joined, media as parts, tool_use as tool_calls, tool_result as a tool message first', () => {
    expect(claudeToOpenAiRequest(parse(FULL_CLAUDE_REQUEST), { upstreamModel: 'gpt-4o', openRouter: false })).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'You are Claude Code.\nBe brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in these?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
            { type: 'file', file: { filename: 'spec.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' } },
          ],
        },
        // redacted thinking and the server tool call have no chat form
        {
          role: 'assistant',
          content: 'Let me check.',
          tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } }],
          reasoning_content: 'Look first.',
        },
        { role: 'tool', tool_call_id: 'toolu_1', name: 'read_file', content: 'hello' },
        // the image the tool returned follows in the user turn: a tool message holds text only
        { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/gif;base64,R0lG' } }, { type: 'text', text: 'Thanks' }] },
      ],
      max_tokens: 4096,
      stream: true,
      temperature: 0.5,
      top_p: 0.9,
      top_k: 40,
      stop: 'END',
      tools: [{ type: 'function', function: { name: 'read_file', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } } }],
      tool_choice: 'auto',
      parallel_tool_calls: false,
    });
  });

  it('keeps cache-controlled system parts and turns thinking into reasoning for OpenRouter anthropic/claude*', () => {
    const out = claudeToOpenAiRequest(parse(FULL_CLAUDE_REQUEST), { upstreamModel: 'anthropic/claude-sonnet-4', openRouter: true });
    expect(out.messages[0]).toEqual({
      role: 'system',
      content: [
        { type: 'text', text: 'You are Claude Code.', cache_control: { type: 'ephemeral' } },
        { type: 'text', text: 'Be brief.' },
      ],
    });
    expect(out.reasoning).toEqual({ enabled: true, max_tokens: 2048 });
    expect(out.model).toBe('anthropic/claude-sonnet-4');
  });

  it.each([
    ['enabled on OpenRouter', { type: 'enabled', budget_tokens: 1500 }, true, 'claude-sonnet-4', 'x/y', { enabled: true, max_tokens: 1500 }],
    ['adaptive on OpenRouter', { type: 'adaptive' }, true, 'claude-sonnet-4', 'x/y', { enabled: true }],
    ['disabled on OpenRouter', { type: 'disabled' }, true, 'claude-sonnet-4', 'x/y', undefined],
    ['a -thinking name that mapping dropped', { type: 'enabled', budget_tokens: 1500 }, false, 'claude-3-7-sonnet-thinking', 'claude-3-7-sonnet-thinking', undefined],
    ['no -thinking name asked for', { type: 'enabled', budget_tokens: 1500 }, false, 'claude-3-7-sonnet', 'claude-3-7-sonnet', undefined],
  ])('thinking %s', (_, thinking, openRouter, clientModel, model, reasoning) => {
    const out = claudeToOpenAiRequest(parse({ ...base, model: clientModel, thinking }), { upstreamModel: openRouter ? 'x/y' : 'claude-3-7-sonnet', openRouter });
    expect(out.model).toBe(model);
    expect(out.reasoning).toEqual(reasoning);
  });

  const tools = [{ name: 'f', input_schema: { type: 'object' } }];
  it.each([
    [{ type: 'auto' }, 'auto', undefined],
    [{ type: 'any' }, 'required', undefined],
    [{ type: 'none' }, 'none', undefined],
    [{ type: 'tool', name: 'f', disable_parallel_tool_use: true }, { type: 'function', function: { name: 'f' } }, false],
  ])('tool_choice %j → %j', (choice, expected, parallel) => {
    const out = convert({ tools, tool_choice: choice });
    expect(out.tool_choice).toEqual(expected);
    expect(out.parallel_tool_calls).toBe(parallel);
  });

  it('drops Anthropic-hosted tools, and the tool choice with them when nothing is left', () => {
    const out = convert({ tools: [{ type: 'web_search_20250305', name: 'web_search' }], tool_choice: { type: 'any' } });
    expect(out.tools).toBeUndefined();
    expect(out.tool_choice).toBeUndefined();
  });

  it('writes only what the client sent: a bare request stays bare, several stop sequences stay a list', () => {
    expect(convert({})).toEqual({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], max_tokens: 100 });
    expect(convert({ stop_sequences: ['a', 'b'] }).stop).toEqual(['a', 'b']);
  });

  it.each([
    ['a single text block stays a string', [{ type: 'text', text: 'hello' }], 'hello'],
    ['a cache-controlled text block stays a part', [{ type: 'text', text: 'hello', cache_control: { type: 'ephemeral' } }], [{ type: 'text', text: 'hello', cache_control: { type: 'ephemeral' } }]],
    ['empty text blocks are dropped', [{ type: 'text', text: '' }, { type: 'text', text: 'x' }], 'x'],
    ['a plain-text document becomes text', [{ type: 'document', source: { type: 'text', data: 'notes' } }], 'notes'],
    ['a document of content blocks becomes text', [{ type: 'document', source: { type: 'content', content: [{ type: 'text', text: 'c1' }] } }], 'c1'],
  ])('user content: %s', (_, content, expected) => {
    expect(convert({ messages: [{ role: 'user', content }] }).messages).toEqual([{ role: 'user', content: expected }]);
  });

  it.each([
    ['an image by file id', [{ type: 'image', source: { type: 'file', file_id: 'file_1' } }]],
    ['a PDF by URL', [{ type: 'document', source: { type: 'url', url: 'https://example.com/a.pdf' } }]],
    ['only redacted thinking', [{ type: 'redacted_thinking', data: 'x' }]],
  ])('a message left with nothing chat can say is dropped: %s', (_, content) => {
    expect(convert({ messages: [{ role: 'user', content }] }).messages).toEqual([]);
  });

  it('gives a tool_result its string content, and names the tool from the call', () => {
    const messages = [
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'ls', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'a.txt', is_error: false }] },
    ];
    expect(convert({ messages }).messages).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 't1', type: 'function', function: { name: 'ls', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 't1', name: 'ls', content: 'a.txt' },
    ]);
  });
});
