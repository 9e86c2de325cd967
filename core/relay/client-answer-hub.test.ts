import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { InboundContext } from '../formats/format-contracts.js';
import { replaySse } from '../formats/replay-sse-fixture.js';
import { COZE } from '../providers/coze/coze.js';
import { DIFY } from '../providers/dify/dify.js';
import { MOKAAI } from '../providers/mokaai/mokaai.js';
import { completeAnswer, hubStreamRefusal, streamTranslator, type AnswerContext } from './client-answer.js';
import { HUNYUAN } from '../providers/tencent/hunyuan.js';
import type { ClientFormat } from './endpoints.js';
import { RelayError } from './relay-error.js';
import { parseRelayRequest } from './relay-request.js';

const CHAT: InboundContext = { kind: 'chat', pathModel: null, pathStream: false, batch: false };
const req = (format: ClientFormat, body: object, ctx: InboundContext = CHAT) => parseRelayRequest(format, ctx, Buffer.from(JSON.stringify(body)), 'application/json');
const ctx = (hub: AnswerContext['hub']): AnswerContext => ({ requestId: 'r1', now: () => 1_700_000_000_000, model: 'client-model', inputEstimate: 5, sse: false, hub });
const fixture = (path: string) => new URL(`../providers/${path}`, import.meta.url);
const openAiChat = { model: 'client-model', messages: [{ role: 'user', content: 'hi' }] };
const claudeChat = { model: 'client-model', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] };

describe('hub dialect answers', () => {
  it('writes a Dify blocking answer as a Claude message with its usage', () => {
    const body = Buffer.from(JSON.stringify({ event: 'message', answer: 'Hello', metadata: { usage: { prompt_tokens: 4, completion_tokens: 2, total_tokens: 6 } } }));
    const a = completeAnswer(req('claude', claudeChat), 'hub', false, body, 'application/json', ctx(DIFY));
    expect(JSON.parse(String(a.body))).toMatchObject({ type: 'message', role: 'assistant', model: 'client-model', content: [{ type: 'text', text: 'Hello' }], usage: { input_tokens: 4, output_tokens: 2 } });
    expect(a.usage).toMatchObject({ prompt_tokens: 4, completion_tokens: 2 });
    expect(a.delivered().text).toBe('Hello');
  });

  it("writes Coze's aggregated stream as an OpenAI completion", () => {
    const a = completeAnswer(req('openai', openAiChat), 'hub', false, readFileSync(fixture('coze/__fixtures__/coze-plain-text.sse')), 'text/event-stream', ctx(COZE));
    expect(JSON.parse(String(a.body))).toMatchObject({ id: 'chatcmpl-r1', model: 'client-model', choices: [{ message: { content: '你好，世界🙂! Ça va?' } }], usage: { total_tokens: 20 } });
  });

  it.each([
    ['an error inside the answer (retryable, not the client\'s)', Buffer.from('{"code":"invalid_param","message":"bad","status":400}'), 400, false],
    ['a body of another shape', Buffer.from('{"hello":1}'), 502, false],
  ])('turns %s into an upstream RelayError', (_name, body, status, local) => {
    const err = (() => {
      try {
        completeAnswer(req('openai', openAiChat), 'hub', false, body, 'application/json', ctx(DIFY));
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(RelayError);
    expect(err).toMatchObject({ status, local });
  });

  it('answers a Gemini embeddings client from MokaAI', () => {
    const r = req('gemini', { content: { parts: [{ text: 'a' }] } }, { kind: 'embeddings', pathModel: 'm3e-base', pathStream: false, batch: false });
    const body = Buffer.from(JSON.stringify({ object: 'list', data: [{ object: 'embedding', index: 0, embedding: [0.1] }], usage: { prompt_tokens: 2, total_tokens: 2 } }));
    const a = completeAnswer(r, 'hub', false, body, 'application/json', ctx(MOKAAI));
    expect(JSON.parse(String(a.body))).toEqual({ embedding: { values: [0.1] } });
    expect(a.usage).toMatchObject({ prompt_tokens: 2 });
  });

  it('translates a Dify stream for a Claude client, usage from message_end', () => {
    const t = streamTranslator(req('claude', { ...claudeChat, stream: true }), 'hub', false, ctx(DIFY));
    let out = '';
    for (const ev of replaySse(fixture('dify/__fixtures__/dify-plain-text.sse'))) out += t.push(ev);
    out += t.end(t.usage()!);
    expect(out).toContain('event: message_start');
    expect(out).toContain('"text":"你好，"');
    expect(out).toContain('event: message_stop');
    expect(t.usage()).toMatchObject({ prompt_tokens: 12, completion_tokens: 8 });
    expect(t.delivered().text).toBe('你好，世界🙂! Ça va?');
  });

  it.each([
    ["Coze's refusal", COZE, '{"code":4100,"msg":"authentication is invalid"}', { status: 500, message: 'authentication is invalid', code: 4100 }],
    ["Tencent's refusal", HUNYUAN, '{"Response":{"Error":{"Code":"AuthFailure.SignatureFailure","Message":"bad signature"}}}', { status: 500, message: 'bad signature' }],
    ['a complete answer where a stream was asked for', HUNYUAN, '{"Response":{"Choices":[{"Message":{"Content":"hi"}}]}}', { status: 502, code: 'bad_response_body' }],
  ])('reads a JSON body where a stream was expected: %s', (_name, hub, body, expected) => {
    const err = hubStreamRefusal(Buffer.from(body), ctx(hub));
    expect(err).toBeInstanceOf(RelayError);
    expect(err).toMatchObject({ ...expected, local: false });
  });
});
