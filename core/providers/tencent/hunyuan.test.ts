import { describe, expect, it } from 'vitest';
import type { ChannelConfig } from '../../actors/channel-config.js';
import type { ChatRequest } from '../../formats/openai/chat-types.js';
import { READ_SIZES } from '../../formats/replay-sse-fixture.js';
import { HUB_META, replayHub } from '../hub-fixture.js';
import type { HubCall, HubRequest } from '../hub-adapter.js';
import { HUNYUAN, HunyuanStream, hunyuanBody } from './hunyuan.js';
import { tc3Sign } from './tc3-sign.js';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);
const chat = HUNYUAN.chat!;
const NOW = 1_700_000_000_123;
const call = (over: Partial<HubCall> = {}): HubCall => ({
  ch: { id: 1, type: 23, other: '' } as ChannelConfig,
  base: 'https://hunyuan.tencentcloudapi.com',
  key: '1300000000|AKIDexample|secretExample',
  model: 'hunyuan-lite',
  stream: false,
  now: NOW,
  nonce: 'n1',
  ...over,
});
const hub = (over: Partial<ChatRequest> = {}): ChatRequest => ({ model: 'client-model', messages: [{ role: 'user', content: 'hi' }], ...over });
const built = (c: HubCall = call(), h: ChatRequest = hub()): HubRequest => {
  const r = chat.request(h, c);
  if (!r.ok) throw new Error(r.failure.message);
  return r.value;
};

describe('Hunyuan request', () => {
  it.each([
    ['text and role', hub(), { Model: 'hunyuan-lite', Messages: [{ Role: 'user', Content: 'hi' }], Stream: false }],
    [
      'system, developer and text parts',
      hub({ messages: [{ role: 'system', content: 's' }, { role: 'developer', content: 'd' }, { role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'image_url', image_url: { url: 'x' } }, { type: 'text', text: 'b' }] }] }),
      { Messages: [{ Role: 'system', Content: 's' }, { Role: 'system', Content: 'd' }, { Role: 'user', Content: 'ab' }] },
    ],
    ['sampling', hub({ temperature: 0.5, top_p: 0.9 }), { Temperature: 0.5, TopP: 0.9 }],
  ])('maps %s', (_name, h, expected) => {
    expect(hunyuanBody(h, 'hunyuan-lite', false)).toMatchObject(expected);
  });

  it('posts to {base}/ with the action, version and timestamp headers and a TC3 signature of exactly the body sent', () => {
    const r = built(call({ stream: true }));
    expect(r.url).toBe('https://hunyuan.tencentcloudapi.com/');
    expect(r.headers).toMatchObject({ 'content-type': 'application/json', 'x-tc-action': 'ChatCompletions', 'x-tc-version': '2023-09-01', 'x-tc-timestamp': '1700000000' });
    expect(JSON.parse(r.body)).toMatchObject({ Stream: true, Model: 'hunyuan-lite' });
    const expected = tc3Sign({
      secretId: 'AKIDexample',
      secretKey: 'secretExample',
      service: 'hunyuan',
      timestamp: 1_700_000_000,
      headers: { 'content-type': 'application/json', host: 'hunyuan.tencentcloudapi.com', 'x-tc-action': 'ChatCompletions' },
      payload: r.body,
    });
    expect(r.headers.authorization).toBe(expected.authorization);
    expect(r.headers.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=AKIDexample\/2023-11-14\/hunyuan\/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=[0-9a-f]{64}$/);
  });

  it('signs the host of the channel base URL (a proxy or a mock on another port)', () => {
    const r = built(call({ base: 'http://127.0.0.1:9999' }));
    expect(r.url).toBe('http://127.0.0.1:9999/');
    expect(r.headers.authorization).not.toBe(built().headers.authorization);
  });

  it.each(['onlyone', 'a|b', '|b|c', 'a||c'])('refuses a key that is not AppId|SecretId|SecretKey (%s)', (key) => {
    const r = chat.request(hub(), call({ key }));
    expect(r).toMatchObject({ ok: false, failure: { status: 400, message: expect.stringContaining('AppId|SecretId|SecretKey') } });
  });
});

describe('Hunyuan answer', () => {
  const answer = (body: unknown) => chat.answer(Buffer.from(JSON.stringify(body)), HUB_META);
  it('reads the message, finish reason and usage', () => {
    const r = answer({ Response: { Id: 'x', Choices: [{ Message: { Role: 'assistant', Content: '你好' }, FinishReason: 'stop' }], Usage: { PromptTokens: 3, CompletionTokens: 2, TotalTokens: 5 }, RequestId: 'r' } });
    expect(r).toEqual({
      ok: true,
      value: {
        id: HUB_META.id,
        object: 'chat.completion',
        created: HUB_META.created,
        model: HUB_META.model,
        choices: [{ index: 0, message: { role: 'assistant', content: '你好' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
      },
    });
  });

  it.each([
    ['an API error', { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' }, RequestId: 'r' } }, { status: 500, code: 'AuthFailure.SignatureFailure', message: 'The provided credentials could not be validated.', type: 'upstream_error' }],
    ['no Response', { foo: 1 }, { status: 502, code: 'bad_response_body' }],
    ['no message', { Response: { Choices: [] } }, { status: 502, code: 'bad_response_body' }],
  ])('refuses %s', (_name, body, failure) => {
    expect(answer(body)).toEqual({ ok: false, failure: expect.objectContaining(failure) });
  });

  it('refuses a body that is not JSON', () => {
    expect(chat.answer(Buffer.from('<html>'), HUB_META)).toMatchObject({ ok: false, failure: { status: 502 } });
  });
});

describe('HunyuanStream', () => {
  it.each(READ_SIZES)('streams text with the role first, stop last and the last Usage (reads of %i bytes)', (size) => {
    const r = replayHub(new HunyuanStream(HUB_META), fixture('hunyuan-plain-text.sse'), size);
    expect(r.failure).toBeNull();
    expect(r.content).toBe('你好，世界🙂! Ça va?');
    expect(r.chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: '你好，' });
    expect(r.finishes).toEqual(['stop']);
    expect(r.usage).toEqual({ prompt_tokens: 6, completion_tokens: 8, total_tokens: 14 });
    expect(r.chunks.every((c) => c.id === HUB_META.id && c.model === HUB_META.model)).toBe(true);
  });

  it('reports no usage when the stream carries none', () => {
    const r = replayHub(new HunyuanStream(HUB_META), fixture('hunyuan-no-usage.sse'));
    expect(r.content).toBe('Hi there');
    expect(r.usage).toBeNull();
  });

  it('fails on an ErrorMsg in the middle of the stream, after what came before', () => {
    const r = replayHub(new HunyuanStream(HUB_META), fixture('hunyuan-error-mid-stream.sse'));
    expect(r.content).toBe('部分');
    expect(r.failure).toEqual({ status: 500, message: '内容安全审核未通过', type: 'upstream_error', code: 2001 });
  });

  it('skips comments, other events and data that is not JSON', () => {
    const r = replayHub(new HunyuanStream(HUB_META), fixture('hunyuan-unknown-event.sse'));
    expect(r.content).toBe('ok');
    expect(r.failure).toBeNull();
    expect(r.usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 1 });
  });
});
