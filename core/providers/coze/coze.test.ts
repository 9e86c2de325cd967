import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChannelConfig } from '../../actors/channel-config.js';
import type { ChatRequest } from '../../formats/openai/chat-types.js';
import { READ_SIZES } from '../../formats/replay-sse-fixture.js';
import { HUB_META, replayHub } from '../hub-fixture.js';
import type { HubCall } from '../hub-adapter.js';
import { COZE, CozeStream, cozeBody } from './coze.js';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);
const chat = COZE.chat!;
const call = (over: Partial<HubCall> = {}): HubCall => ({
  ch: { id: 1, type: 49, other: '7350000000000000001' } as ChannelConfig,
  base: 'https://api.coze.cn',
  key: 'pat_secret',
  model: 'coze-bot',
  stream: false,
  now: 0,
  nonce: 'req-1',
  ...over,
});
const hub = (over: Partial<ChatRequest> = {}): ChatRequest => ({ model: 'coze-bot', messages: [{ role: 'user', content: 'hi' }], ...over });

describe('Coze request', () => {
  it.each([
    ['a per-request user id', hub(), { bot_id: 'bot', user_id: 'chatcmpl-req-1', stream: true, additional_messages: [{ role: 'user', content: 'hi', content_type: 'text' }] }],
    ['the client user', hub({ user: 'alice' }), { user_id: 'alice' }],
    [
      'user and assistant turns, without system',
      hub({ messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'q1' }, { role: 'assistant', content: 'a1' }, { role: 'user', content: [{ type: 'text', text: 'q2' }] }] }),
      {
        additional_messages: [
          { role: 'user', content: 'q1', content_type: 'text' },
          { role: 'assistant', type: 'answer', content: 'a1', content_type: 'text' },
          { role: 'user', content: 'q2', content_type: 'text' },
        ],
      },
    ],
  ])('builds %s', (_name, h, expected) => {
    expect(cozeBody(h, call(), 'bot')).toMatchObject(expected);
  });

  it.each([false, true])('posts to /v3/chat as a stream with the Bearer token and the channel bot_id (client stream %s)', (stream) => {
    const r = chat.request(hub(), call({ stream }));
    expect(r).toMatchObject({ ok: true, value: { url: 'https://api.coze.cn/v3/chat', headers: { authorization: 'Bearer pat_secret', accept: 'text/event-stream' } } });
    expect(r.ok && JSON.parse(r.value.body)).toMatchObject({ bot_id: '7350000000000000001', stream: true });
  });

  it('refuses a channel without a bot_id before sending anything', () => {
    expect(chat.request(hub(), call({ ch: { id: 1, type: 49, other: ' ' } as ChannelConfig }))).toMatchObject({ ok: false, failure: { status: 400, message: expect.stringContaining('bot_id') } });
  });
});

describe('Coze answer (the stream read to its end)', () => {
  it('aggregates the deltas with the usage of chat.completed', () => {
    const r = chat.answer(readFileSync(fixture('coze-plain-text.sse')), HUB_META);
    expect(r).toMatchObject({ ok: true, value: { choices: [{ message: { role: 'assistant', content: '你好，世界🙂! Ça va?' }, finish_reason: 'stop' }], usage: { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 } } });
  });

  it.each([
    ['a failed chat', readFileSync(fixture('coze-error-mid-stream.sse')), { status: 500, code: 4011, message: "The bot's token quota is used up." }],
    ['a JSON refusal', Buffer.from('{"code":4100,"msg":"authentication is invalid"}'), { status: 500, code: 4100, message: 'authentication is invalid' }],
  ])('refuses %s', (_name, body, failure) => {
    expect(chat.answer(body, HUB_META)).toEqual({ ok: false, failure: expect.objectContaining(failure) });
  });
});

describe('CozeStream', () => {
  it.each(READ_SIZES)('streams answer deltas, skips the completed message, stops with the usage (reads of %i bytes)', (size) => {
    const r = replayHub(new CozeStream(HUB_META), fixture('coze-plain-text.sse'), size);
    expect(r.failure).toBeNull();
    expect(r.content).toBe('你好，世界🙂! Ça va?');
    expect(r.chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: '你好，' });
    expect(r.finishes).toEqual(['stop']);
    expect(r.usage).toEqual({ prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 });
  });

  it('reports no usage when chat.completed has none', () => {
    const r = replayHub(new CozeStream(HUB_META), fixture('coze-no-usage.sse'));
    expect(r.content).toBe('Hi there');
    expect(r.usage).toBeNull();
  });

  it('fails on conversation.chat.failed after what came before', () => {
    const r = replayHub(new CozeStream(HUB_META), fixture('coze-error-mid-stream.sse'));
    expect(r.content).toBe('部分');
    expect(r.failure).toMatchObject({ code: 4011, type: 'upstream_error' });
  });

  it('skips audio, function-call deltas and unknown events, and streams reasoning_content', () => {
    const r = replayHub(new CozeStream(HUB_META), fixture('coze-unknown-event.sse'));
    expect(r.content).toBe('ok');
    expect(r.reasoning).toBe('thinking');
    expect(r.usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 1 });
  });
});
