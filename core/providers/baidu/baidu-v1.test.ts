import { describe, expect, it } from 'vitest';
import type { ChannelConfig } from '../../actors/channel-config.js';
import type { ChatRequest } from '../../formats/openai/chat-types.js';
import { READ_SIZES } from '../../formats/replay-sse-fixture.js';
import { HUB_META, replayHub } from '../hub-fixture.js';
import type { HubCall } from '../hub-adapter.js';
import { baiduTokenUrl, readBaiduToken, withAccessToken } from './baidu-token.js';
import { BAIDU_V1, BaiduStream, baiduChatBody, baiduUrl } from './baidu-v1.js';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);
const B = 'https://aip.baidubce.com';
const W = `${B}/rpc/2.0/ai_custom/v1/wenxinworkshop`;
const call = (over: Partial<HubCall> = {}): HubCall => ({ ch: { id: 1, type: 15, other: '' } as ChannelConfig, base: B, key: 'ak|sk', model: 'ERNIE-4.0-8K', stream: false, now: 0, nonce: 'n', ...over });
const hub = (over: Partial<ChatRequest> = {}): ChatRequest => ({ model: 'm', messages: [{ role: 'user', content: 'hi' }], ...over });

describe('Baidu v1 endpoints', () => {
  it.each([
    ['ERNIE-4.0-8K', `${W}/chat/completions_pro`],
    ['ERNIE-3.5-8K', `${W}/chat/completions`],
    ['ERNIE-Speed-128K', `${W}/chat/ernie-speed-128k`],
    ['ERNIE-Lite-8K-0922', `${W}/chat/eb-instant`],
    ['ERNIE-Character-8K', `${W}/chat/ernie-character-8k`],
    ['Embedding-V1', `${W}/embeddings/embedding-v1`],
    ['bge-large-zh', `${W}/embeddings/bge_large_zh`],
    ['tao-8k', `${W}/embeddings/tao_8k`],
  ])('sends %s to %s', (model, url) => {
    expect(baiduUrl(B, model)).toBe(url);
  });
});

describe('Baidu v1 chat request', () => {
  it.each([
    ['text', hub(), { messages: [{ role: 'user', content: 'hi' }], stream: false, disable_search: false, enable_citation: false }],
    [
      'system messages as `system`',
      hub({ messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: [{ type: 'text', text: 'q' }] }, { role: 'assistant', content: 'a' }, { role: 'user', content: 'q2' }] }),
      { system: 'be brief', messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: 'a' }, { role: 'user', content: 'q2' }] },
    ],
    ['sampling, penalty, user', hub({ temperature: 0.3, top_p: 0.8, frequency_penalty: 1.2, user: 'u1' }), { temperature: 0.3, top_p: 0.8, penalty_score: 1.2, user_id: 'u1' }],
    ['max_tokens of 1 raised to 2', hub({ max_tokens: 1 }), { max_output_tokens: 2 }],
    ['max_completion_tokens', hub({ max_completion_tokens: 100 }), { max_output_tokens: 100 }],
  ])('maps %s', (_name, h, expected) => {
    expect(baiduChatBody(h, false)).toMatchObject(expected);
  });

  it('posts to the model endpoint (the token is added by the authorize step)', () => {
    expect(BAIDU_V1.chat!.request(hub(), call({ stream: true }))).toMatchObject({ ok: true, value: { url: `${W}/chat/completions_pro`, headers: {} } });
  });
});

describe('Baidu v1 answers', () => {
  const chat = (body: unknown) => BAIDU_V1.chat!.answer(Buffer.from(JSON.stringify(body)), HUB_META);
  it('reads result and usage', () => {
    expect(chat({ id: 'as', result: '你好', usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } })).toMatchObject({
      ok: true,
      value: { choices: [{ message: { role: 'assistant', content: '你好' }, finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } },
    });
  });

  it.each([
    ['an error', { error_code: 110, error_msg: 'Access token invalid or no longer valid' }, { status: 500, code: 110, message: 'Access token invalid or no longer valid' }],
    ['no result', { id: 'x' }, { status: 502, code: 'bad_response_body' }],
  ])('refuses %s', (_name, body, failure) => {
    expect(chat(body)).toEqual({ ok: false, failure: expect.objectContaining(failure) });
  });

  it('embeds a list of strings and reads the vectors', () => {
    const e = BAIDU_V1.embeddings!;
    expect(e.request({ model: 'x', input: 'a' }, call({ model: 'Embedding-V1' }))).toEqual({ ok: true, value: { url: `${W}/embeddings/embedding-v1`, headers: {}, body: '{"input":["a"]}' } });
    const answer = e.answer(Buffer.from(JSON.stringify({ id: 'e', object: 'embedding_list', data: [{ object: 'embedding', embedding: [0.5], index: 0 }], usage: { prompt_tokens: 1, total_tokens: 1 } })), HUB_META);
    expect(answer).toEqual({ ok: true, value: { object: 'list', model: HUB_META.model, data: [{ object: 'embedding', embedding: [0.5], index: 0 }], usage: { prompt_tokens: 1, total_tokens: 1 } } });
  });
});

describe('BaiduStream', () => {
  it.each(READ_SIZES)('streams results, stops at is_end, completion = total − prompt (reads of %i bytes)', (size) => {
    const r = replayHub(new BaiduStream(HUB_META), fixture('baidu-plain-text.sse'), size);
    expect(r.failure).toBeNull();
    expect(r.content).toBe('你好，世界🙂! Ça va?');
    expect(r.chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: '你好，' });
    expect(r.finishes).toEqual(['stop']);
    expect(r.usage).toEqual({ prompt_tokens: 6, completion_tokens: 8, total_tokens: 14 });
  });

  it('reports no usage when the stream has none', () => {
    const r = replayHub(new BaiduStream(HUB_META), fixture('baidu-no-usage.sse'));
    expect(r.content).toBe('Hi there');
    expect(r.usage).toBeNull();
  });

  it('fails on an error_msg in the middle of the stream', () => {
    const r = replayHub(new BaiduStream(HUB_META), fixture('baidu-error-mid-stream.sse'));
    expect(r.content).toBe('部分');
    expect(r.failure).toEqual({ status: 500, message: 'the server is busy, please try again', type: 'upstream_error', code: 336100 });
  });

  it('skips comments, other events and data that is not JSON', () => {
    const r = replayHub(new BaiduStream(HUB_META), fixture('baidu-unknown-event.sse'));
    expect(r.content).toBe('ok');
    expect(r.usage).toMatchObject({ total_tokens: 4 });
  });
});

describe('Baidu access_token', () => {
  it('asks the base URL for client credentials of APIKey|SecretKey', () => {
    expect(baiduTokenUrl(B, 'my key|s&k')).toBe(`${B}/oauth/2.0/token?grant_type=client_credentials&client_id=my+key&client_secret=s%26k`);
  });

  it.each(['onlyone', '|sk', 'ak|'])('refuses the key %j', (key) => {
    expect(() => baiduTokenUrl(B, key)).toThrow('APIKey|SecretKey');
  });

  it.each([
    [{ access_token: 't1', expires_in: 2592000 }, { token: 't1', expiresAt: 1000 + 2592000 * 1000 }],
    [{ access_token: 't2' }, { token: 't2', expiresAt: 1000 + 3600 * 1000 }],
  ])('reads %j', (body, token) => {
    expect(readBaiduToken(body, 1000)).toEqual(token);
  });

  it.each([
    [{ error: 'invalid_client', error_description: 'unknown client id' }, 'invalid_client: unknown client id'],
    [{ expires_in: 10 }, 'no access_token'],
  ])('refuses %j', (body, message) => {
    expect(() => readBaiduToken(body, 0)).toThrow(message);
  });

  it.each([
    [`${W}/chat/completions`, `${W}/chat/completions?access_token=24.a%2Bb`],
    [`${W}/chat/completions?x=1`, `${W}/chat/completions?x=1&access_token=24.a%2Bb`],
  ])('adds the token to %s', (url, expected) => {
    expect(withAccessToken(url, '24.a+b')).toBe(expected);
  });
});
