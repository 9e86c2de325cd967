import { describe, expect, it } from 'vitest';
import type { ChunkGuard, InboundContext } from '../formats/format-contracts.js';
import { completeAnswer, streamTranslator, type AnswerContext } from './client-answer.js';
import type { ClientFormat } from './endpoints.js';
import { parseRelayRequest } from './relay-request.js';

const CHAT: InboundContext = { kind: 'chat', pathModel: null, pathStream: false, batch: false };
const BODIES: Record<Exclude<ClientFormat, 'gemini'>, object> = {
  claude: { model: 'claude-3-7-sonnet-20250219', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] },
  openai: { model: 'claude-3-7-sonnet-20250219', messages: [{ role: 'user', content: 'hi' }] },
  responses: { model: 'claude-3-7-sonnet-20250219', input: 'hi' },
};
const req = (format: keyof typeof BODIES, stream = false) => parseRelayRequest(format, CHAT, Buffer.from(JSON.stringify({ ...BODIES[format], stream })), 'application/json');
const ctx: AnswerContext = { requestId: 'r1', now: () => 1_700_000_000_000, model: 'claude-3-7-sonnet-20250219', inputEstimate: 5, sse: false };
const searched = (n: number) => ({ webSearch: 0, fileSearch: 0, claudeWebSearch: n });

const message = (usage: Record<string, unknown>) =>
  Buffer.from(
    JSON.stringify({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-3-7-sonnet-20250219',
      content: [
        { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'q' } },
        { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] },
        { type: 'text', text: 'found' },
      ],
      stop_reason: 'end_turn',
      usage: { input_tokens: 10, output_tokens: 20, ...usage },
    }),
  );

describe("a Claude answer's web searches", () => {
  it.each([
    ['a Claude client (native)', 'claude', true],
    ['an OpenAI client (translated)', 'openai', false],
    ['a Responses client (translated)', 'responses', false],
  ] as const)('are read from a complete answer for %s', (_name, format, native) => {
    const a = completeAnswer(req(format), 'claude', native, message({ server_tool_use: { web_search_requests: 2 } }), 'application/json', ctx);
    expect(a.toolCalls).toEqual(searched(2));
    expect(a.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
    expect(a.delivered().text).toContain('found');
  });

  it('count 0 when the answer reports none', () => {
    expect(completeAnswer(req('openai'), 'claude', false, message({}), 'application/json', ctx).toolCalls).toEqual(searched(0));
    expect(completeAnswer(req('claude'), 'claude', true, message({ server_tool_use: { web_search_requests: 'x' } }), 'application/json', ctx).toolCalls).toEqual(searched(0));
  });

  it('are not looked for in an OpenAI-dialect answer', () => {
    const chat = Buffer.from(JSON.stringify({ id: 'c', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'x' }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, server_tool_use: { web_search_requests: 2 } } }));
    expect(completeAnswer(req('openai'), 'openai', true, chat, 'application/json', ctx).toolCalls).toBeUndefined();
  });

  const passAll: ChunkGuard = { check: (chunk) => ({ chunk, stop: false }) };
  it.each([
    ['a Claude client (passthrough)', 'claude', true, null],
    ['a Claude client behind the completion guard (decoded and re-encoded)', 'claude', true, passAll],
    ['an OpenAI client (translated)', 'openai', false, null],
    ['a Responses client (translated)', 'responses', false, null],
  ] as const)("are read from a stream's last message_delta for %s", (_name, format, native, guard) => {
    const t = streamTranslator(req(format, true), 'claude', native, ctx, guard);
    t.push({ event: 'message_start', data: JSON.stringify({ type: 'message_start', message: { id: 'msg_1', usage: { input_tokens: 10, output_tokens: 1, server_tool_use: { web_search_requests: 0 } } } }) });
    expect(t.toolCalls?.()).toEqual(searched(0));
    t.push({ event: 'message_delta', data: JSON.stringify({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 20, server_tool_use: { web_search_requests: 1 } } }) });
    expect(t.toolCalls?.()).toEqual(searched(1));
  });

  it('are not looked for in an OpenAI-dialect stream', () => {
    expect(streamTranslator(req('claude', true), 'openai', false, ctx).toolCalls?.()).toBeUndefined();
  });
});
