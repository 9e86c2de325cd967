import { describe, expect, it } from 'vitest';
import type { ChannelConfig } from '../../actors/channel-config.js';
import type { ChatRequest } from '../../formats/openai/chat-types.js';
import { READ_SIZES } from '../../formats/replay-sse-fixture.js';
import { HUB_META, replayHub } from '../hub-fixture.js';
import type { HubCall } from '../hub-adapter.js';
import { DIFY, DifyStream, difyBody } from './dify.js';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);
const chat = DIFY.chat!;
const call = (over: Partial<HubCall> = {}): HubCall => ({
  ch: { id: 1, type: 37, other: '' } as ChannelConfig,
  base: 'https://api.dify.ai',
  key: 'app-secret',
  model: 'dify',
  stream: false,
  now: 0,
  nonce: 'req-1',
  ...over,
});
const hub = (over: Partial<ChatRequest> = {}): ChatRequest => ({ model: 'dify', messages: [{ role: 'user', content: 'hi' }], ...over });

describe('Dify request', () => {
  it.each([
    ['blocking, with a per-request end-user', hub(), call(), { query: 'hi', response_mode: 'blocking', user: 'chatcmpl-req-1', inputs: {}, files: [], auto_generate_name: false }],
    ['streaming, with the client user', hub({ user: 'alice' }), call({ stream: true }), { response_mode: 'streaming', user: 'alice' }],
    [
      'the last user message as the query',
      hub({ messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'first' }, { role: 'assistant', content: 'a' }, { role: 'user', content: [{ type: 'text', text: 'se' }, { type: 'text', text: 'cond' }] }] }),
      call(),
      { query: 'second' },
    ],
    [
      'remote images as files, inline ones dropped',
      hub({ messages: [{ role: 'user', content: [{ type: 'text', text: 'what?' }, { type: 'image_url', image_url: { url: 'https://x.test/a.png' } }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] }] }),
      call(),
      { query: 'what?', files: [{ type: 'image', transfer_mode: 'remote_url', url: 'https://x.test/a.png' }] },
    ],
  ])('builds %s', (_name, h, c, expected) => {
    expect(difyBody(h, c)).toMatchObject(expected);
  });

  it('posts to /v1/chat-messages with the Bearer key', () => {
    const r = chat.request(hub(), call());
    expect(r).toMatchObject({ ok: true, value: { url: 'https://api.dify.ai/v1/chat-messages', headers: { authorization: 'Bearer app-secret' } } });
  });
});

describe('Dify answer', () => {
  const answer = (body: unknown) => chat.answer(Buffer.from(JSON.stringify(body)), HUB_META);
  it('reads the answer and metadata.usage', () => {
    const r = answer({ event: 'message', conversation_id: 'c', answer: 'Hello', metadata: { usage: { prompt_tokens: 4, completion_tokens: 2, total_tokens: 6 } } });
    expect(r).toMatchObject({ ok: true, value: { choices: [{ message: { role: 'assistant', content: 'Hello' }, finish_reason: 'stop' }], usage: { prompt_tokens: 4, completion_tokens: 2, total_tokens: 6 } } });
  });

  it.each([
    ['an error object', { code: 'invalid_param', message: 'query is required', status: 400 }, { status: 400, code: 'invalid_param', message: 'query is required' }],
    ['an error event', { event: 'error', status: 500, code: 'internal', message: 'boom' }, { status: 500, code: 'internal' }],
    ['no answer', { conversation_id: 'c' }, { status: 502, code: 'bad_response_body' }],
  ])('refuses %s', (_name, body, failure) => {
    expect(answer(body)).toEqual({ ok: false, failure: expect.objectContaining(failure) });
  });
});

describe('DifyStream', () => {
  it.each(READ_SIZES)('streams message text, stops at message_end with its usage (reads of %i bytes)', (size) => {
    const r = replayHub(new DifyStream(HUB_META), fixture('dify-plain-text.sse'), size);
    expect(r.failure).toBeNull();
    expect(r.content).toBe('你好，世界🙂! Ça va?');
    expect(r.chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: '你好，' });
    expect(r.finishes).toEqual(['stop']);
    expect(r.usage).toEqual({ prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 });
  });

  it('streams agent_message text and reports no usage when message_end has none', () => {
    const r = replayHub(new DifyStream(HUB_META), fixture('dify-no-usage.sse'));
    expect(r.content).toBe('Hi there');
    expect(r.usage).toBeNull();
  });

  it('fails on an error event in the middle of the stream', () => {
    const r = replayHub(new DifyStream(HUB_META), fixture('dify-error-mid-stream.sse'));
    expect(r.content).toBe('部分');
    expect(r.failure).toEqual({ status: 400, message: 'Your quota for Dify Hosted Model Provider has been exhausted.', type: 'upstream_error', code: 'provider_quota_exceeded' });
  });

  it("skips ping, node, thought and tts events and rewrites Dify's thinking block as <think>", () => {
    const r = replayHub(new DifyStream(HUB_META), fixture('dify-unknown-event.sse'));
    expect(r.content).toBe('<think>hmm</think>ok');
    expect(r.usage).toMatchObject({ total_tokens: 4 });
  });
});
