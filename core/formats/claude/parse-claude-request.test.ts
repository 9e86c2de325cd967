import { describe, expect, it } from 'vitest';
import { FULL_CLAUDE_REQUEST } from './__fixtures__/full-claude-request.js';
import { parseClaudeRequest } from './parse-claude-request.js';

const ok = { model: 'claude-sonnet-4-20250514', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] };
const withContent = (content: unknown) => ({ ...ok, messages: [{ role: 'user', content }] });

describe('parseClaudeRequest', () => {
  it('accepts every block type and keeps what it does not read (unknown fields and block types)', () => {
    const result = parseClaudeRequest(FULL_CLAUDE_REQUEST);
    expect(result).toEqual({ ok: true, request: FULL_CLAUDE_REQUEST });
  });

  it.each([
    ['system as a string', { ...ok, system: 'Be brief.' }],
    ['tool_result content as a string, with is_error', withContent([{ type: 'tool_result', tool_use_id: 't', content: 'boom', is_error: true }])],
    ['tool_result without content', withContent([{ type: 'tool_result', tool_use_id: 't' }])],
    ['a plain-text document', withContent([{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'notes' } }])],
    ['tool_choice naming a tool', { ...ok, tools: [{ name: 'f', input_schema: { type: 'object' } }], tool_choice: { type: 'tool', name: 'f' } }],
    ['thinking disabled', { ...ok, thinking: { type: 'disabled' } }],
  ])('accepts %s', (_, body) => {
    expect(parseClaudeRequest(body).ok).toBe(true);
  });

  it.each([
    ['no max_tokens', { model: 'm', messages: ok.messages }, 'max_tokens: Field required'],
    ['no model', { max_tokens: 1, messages: ok.messages }, 'model: Field required'],
    ['no messages', { model: 'm', max_tokens: 1 }, 'messages: Field required'],
    ['empty messages', { ...ok, messages: [] }, 'messages: List should have at least 1 item after validation'],
    ['messages not a list', { ...ok, messages: 'hi' }, 'messages: Input should be a valid list'],
    ['max_tokens not an integer', { ...ok, max_tokens: 1.5 }, 'max_tokens: Input should be a valid integer'],
    ['max_tokens zero', { ...ok, max_tokens: 0 }, 'max_tokens: Input should be greater than or equal to 1'],
    ['a role Claude does not have', { ...ok, messages: [{ role: 'system', content: 'x' }] }, "messages.0.role: Input should be 'user' or 'assistant'"],
    ['a text block without text', withContent([{ type: 'text' }]), 'messages.0.content.0.text: Field required'],
    [
      'an image source of an unknown kind',
      withContent([{ type: 'image', source: { type: 'zip', data: 'x' } }]),
      "messages.0.content.0.source.type: Input tag 'zip' found using 'type' does not match any of the expected tags: 'base64', 'url', 'file'",
    ],
    ['tool_use without input', withContent([{ type: 'tool_use', id: 't', name: 'f' }]), 'messages.0.content.0.input: Field required'],
    ['tool_result with a number inside', withContent([{ type: 'tool_result', tool_use_id: 't', content: [{ type: 'text', text: 3 }] }]), 'messages.0.content.0.content.0.text: Input should be a valid string'],
    ['thinking without its signature', withContent([{ type: 'thinking', thinking: 'x' }]), 'messages.0.content.0.signature: Field required'],
    ['a custom tool without input_schema', { ...ok, tools: [{ name: 'f' }] }, 'tools.0.input_schema: Field required'],
    ['temperature above 1', { ...ok, temperature: 1.5 }, 'temperature: Input should be less than or equal to 1'],
    ['thinking enabled without a budget', { ...ok, thinking: { type: 'enabled' } }, 'thinking.budget_tokens: Field required'],
    ['stop_sequences as a string', { ...ok, stop_sequences: 'END' }, 'stop_sequences: Input should be a valid list'],
    ['stream as a string', { ...ok, stream: 'yes' }, 'stream: Input should be a valid boolean'],
    ['a body that is not an object', ['x'], 'Input should be a valid dictionary'],
  ])('refuses %s with a 400 worded as Anthropic words it', (_, body, message) => {
    expect(parseClaudeRequest(body)).toEqual({ ok: false, failure: { status: 400, message, type: 'invalid_request_error', code: 'invalid_request' } });
  });
});
