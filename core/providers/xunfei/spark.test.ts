import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../actors/test-channel-config.js';
import type { ChatRequest } from '../../formats/openai/chat-types.js';
import { READ_SIZES } from '../../formats/replay-sse-fixture.js';
import { HUB_META, replayHub } from '../hub-fixture.js';
import type { HubCall } from '../hub-adapter.js';
import { sparkSignature, sparkSignedText } from './spark-auth.js';
import { SPARK, SPARK_BASE, SparkStream, sparkBody, sparkDomain, sparkEndpoint, sparkMessageIsLast, sparkVersion } from './spark.js';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);
const hub = (over: Partial<ChatRequest> = {}): ChatRequest => ({ model: 'm', messages: [{ role: 'user', content: 'hi' }], ...over });
const call = (over: Partial<HubCall> = {}): HubCall => ({ ch: testConfig({ type: 18 }), base: SPARK_BASE, key: 'app|secret|key', model: 'SparkDesk-v3.5', stream: false, now: Date.UTC(2023, 4, 5, 10, 43, 39), nonce: 'n', ...over });

describe('Spark version, domain and endpoint', () => {
  it.each([
    ['SparkDesk-v3.5', '', 'v3.5'],
    ['SparkDesk-v4.0', 'v2.1', 'v4.0'],
    ['SparkDesk', 'v2.1', 'v2.1'],
    ['SparkDesk', ' pro-128k ', 'pro-128k'],
    ['SparkDesk', '', 'v1.1'],
    ['spark-lite-x', 'v3.1', 'v3.1'],
    ['SparkDesk-', '', 'v1.1'],
  ])('%s with other %j is %s', (model, other, version) => {
    expect(sparkVersion(model, other)).toBe(version);
  });

  it.each([
    ['api-version=v3.5', 'SparkDesk-v1.1', 'v2.1', 'v3.5'],
    ['api-version=pro-128k&x=1', 'SparkDesk', '', 'pro-128k'],
    ['x=1', 'SparkDesk', 'v2.1', 'v2.1'],
    ['api-version=', 'SparkDesk-v4.0', '', 'v4.0'],
    // it is a path segment of the socket URL: anything but a version-like word is not taken
    ['api-version=..', 'SparkDesk', 'v2.1', 'v2.1'],
    ['api-version=v1%2F..%2Fx', 'SparkDesk', 'v2.1', 'v2.1'],
    ['api-version=v1%3Fa%3D1', 'SparkDesk-v3.1', '', 'v3.1'],
  ])('the client query %j comes first: %s / %j → %s', (query, model, other, version) => {
    expect(sparkVersion(model, other, query)).toBe(version);
  });

  it.each([
    ['v1.1', 'lite', 'wss://spark-api.xf-yun.com/v1.1/chat'],
    ['v2.1', 'generalv2', 'wss://spark-api.xf-yun.com/v2.1/chat'],
    ['v3.1', 'generalv3', 'wss://spark-api.xf-yun.com/v3.1/chat'],
    ['v3.5', 'generalv3.5', 'wss://spark-api.xf-yun.com/v3.5/chat'],
    ['v4.0', '4.0Ultra', 'wss://spark-api.xf-yun.com/v4.0/chat'],
    ['pro-128k', 'pro-128k', 'wss://spark-api.xf-yun.com/chat/pro-128k'],
    ['max-32k', 'max-32k', 'wss://spark-api.xf-yun.com/chat/max-32k'],
    ['v5.0', 'generalv5.0', 'wss://spark-api.xf-yun.com/v5.0/chat'],
  ])('%s: domain %s at %s', (version, domain, url) => {
    expect(sparkDomain(version)).toBe(domain);
    expect(sparkEndpoint(SPARK_BASE, version)).toBe(url);
  });

  it.each([
    ['http://127.0.0.1:9000', 'ws://127.0.0.1:9000/v3.5/chat'],
    ['https://relay.example/spark', 'wss://relay.example/spark/v3.5/chat'],
    ['ws://127.0.0.1:9000', 'ws://127.0.0.1:9000/v3.5/chat'],
  ])('base %s is taken as a socket URL', (base, url) => {
    expect(sparkEndpoint(base, 'v3.5')).toBe(url);
  });
});

describe('Spark request', () => {
  it.each([
    ['text', hub(), 'SparkDesk-v3.1', { header: { app_id: 'app' }, parameter: { chat: { domain: 'generalv3' } }, payload: { message: { text: [{ role: 'user', content: 'hi' }] } } }],
    [
      'system as a user turn answered "Okay" (not v3.5)',
      hub({ messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: [{ type: 'text', text: 'q' }] }] }),
      'SparkDesk-v3.1',
      { payload: { message: { text: [{ role: 'user', content: 'be brief' }, { role: 'assistant', content: 'Okay' }, { role: 'user', content: 'q' }] } } },
    ],
    [
      'system kept on v3.5, developer as system',
      hub({ messages: [{ role: 'developer', content: 'be brief' }, { role: 'user', content: 'q' }] }),
      'SparkDesk-v3.5',
      { payload: { message: { text: [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'q' }] } } },
    ],
    ['temperature, n as top_k, max_tokens, user as uid', hub({ temperature: 0.4, n: 2, max_tokens: 99, user: 'u'.repeat(40) }), 'SparkDesk-v3.1', { header: { app_id: 'app', uid: 'u'.repeat(32) }, parameter: { chat: { domain: 'generalv3', temperature: 0.4, top_k: 2, max_tokens: 99 } } }],
    ['max_completion_tokens', hub({ max_completion_tokens: 7 }), 'SparkDesk-v3.1', { parameter: { chat: { max_tokens: 7 } } }],
    [
      'function tools',
      hub({ tools: [{ type: 'function', function: { name: 'weather', description: 'd', parameters: { type: 'object' } } }] }),
      'SparkDesk-v3.1',
      { payload: { functions: { text: [{ name: 'weather', description: 'd', parameters: { type: 'object' } }] } } },
    ],
  ])('maps %s', (_name, h, model, expected) => {
    expect(sparkBody(h, 'app', sparkDomain(sparkVersion(model, '')), model)).toMatchObject(expected);
  });

  it('sends nothing it was not given', () => {
    expect(sparkBody(hub(), 'app', 'lite', 'SparkDesk')).toEqual({ header: { app_id: 'app' }, parameter: { chat: { domain: 'lite' } }, payload: { message: { text: [{ role: 'user', content: 'hi' }] } } });
  });

  it('signs the version URL with APISecret and names APIKey', () => {
    const r = SPARK.chat!.request(hub(), call());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const u = new URL(r.value.url);
    expect(`${u.protocol}//${u.host}${u.pathname}`).toBe('wss://spark-api.xf-yun.com/v3.5/chat');
    expect(u.searchParams.get('date')).toBe('Fri, 05 May 2023 10:43:39 GMT');
    const line = Buffer.from(u.searchParams.get('authorization')!, 'base64').toString('utf8');
    expect(line).toBe(`hmac username="key", algorithm="hmac-sha256", headers="host date request-line", signature="${sparkSignature('secret', sparkSignedText('spark-api.xf-yun.com', 'Fri, 05 May 2023 10:43:39 GMT', '/v3.5/chat'))}"`);
    expect(JSON.parse(r.value.body)).toMatchObject({ header: { app_id: 'app' }, parameter: { chat: { domain: 'generalv3.5' } } });
  });

  it('takes the version from the channel `other` for a bare model name', () => {
    const r = SPARK.chat!.request(hub(), call({ model: 'SparkDesk', ch: testConfig({ type: 18, other: 'max-32k' }) }));
    expect(r.ok && new URL(r.value.url).pathname).toBe('/chat/max-32k');
  });

  it.each(['app|secret', 'app||key', 'plain'])('refuses the key %j before sending', (key) => {
    expect(SPARK.chat!.request(hub(), call({ key }))).toMatchObject({ ok: false, failure: { status: 400, message: 'Xunfei Spark key must be APPID|APISecret|APIKey' } });
  });
});

describe('Spark frames', () => {
  it.each(READ_SIZES)('streams text, the finish and the last frame usage (read %i bytes at a time)', (size) => {
    const r = replayHub(new SparkStream(HUB_META), fixture('spark-plain-text.sse'), size);
    expect(r.failure).toBeNull();
    expect(r.content).toBe('你好，世界🙂! Ça va?');
    expect(r.chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    expect(r.finishes).toEqual(['stop']);
    expect(r.usage).toEqual({ prompt_tokens: 6, completion_tokens: 8, total_tokens: 14 });
  });

  it.each([
    ['spark-error-frame.sse', '', { status: 500, message: 'input content audit failed', code: 10013, type: 'upstream_error' }],
    ['spark-error-mid-stream.sse', '半句', { status: 500, message: 'output content audit failed', code: 10014 }],
  ])('%s: a non-zero code is the failure', (name, content, failure) => {
    const r = replayHub(new SparkStream(HUB_META), fixture(name));
    expect(r.content).toBe(content);
    expect(r.failure).toMatchObject(failure);
  });

  it('a function call is a tool call finishing with tool_calls', () => {
    const r = replayHub(new SparkStream(HUB_META), fixture('spark-function-call.sse'));
    expect(r.chunks.at(-1)!.choices[0]).toMatchObject({ delta: { role: 'assistant', tool_calls: [{ index: 0, type: 'function', function: { name: 'weather', arguments: '{"city":"合肥"}' } }] }, finish_reason: 'tool_calls' });
    expect(r.usage).toEqual({ prompt_tokens: 20, completion_tokens: 9, total_tokens: 29 });
  });

  it.each([
    ['{"header":{"code":0,"status":2},"payload":{"choices":{"status":2}}}', true],
    ['{"header":{"code":0,"status":1},"payload":{"choices":{"status":1}}}', false],
    ['{"header":{"code":11200,"message":"auth","status":2}}', true],
    ['{"header":{"code":10013,"message":"audit"}}', true],
    ['not json', false],
  ])('message %s is the last: %s', (message, last) => {
    expect(sparkMessageIsLast(message)).toBe(last);
  });
});

describe('Spark complete answers', () => {
  const answer = (name: string) => SPARK.chat!.answer(readFileSync(fixture(name)), HUB_META);

  it('aggregates the frames into one completion with the last frame usage', () => {
    expect(answer('spark-plain-text.sse')).toEqual({
      ok: true,
      value: { id: HUB_META.id, object: 'chat.completion', created: HUB_META.created, model: HUB_META.model, choices: [{ index: 0, message: { role: 'assistant', content: '你好，世界🙂! Ça va?' }, finish_reason: 'stop' }], usage: { prompt_tokens: 6, completion_tokens: 8, total_tokens: 14 } },
    });
  });

  it('a function call answer carries tool_calls', () => {
    expect(answer('spark-function-call.sse')).toMatchObject({ ok: true, value: { choices: [{ message: { tool_calls: [{ type: 'function', function: { name: 'weather', arguments: '{"city":"合肥"}' } }] }, finish_reason: 'tool_calls' }] } });
  });

  it.each([
    ['spark-error-frame.sse', { status: 500, message: 'input content audit failed', code: 10013 }],
    ['spark-error-mid-stream.sse', { status: 500, message: 'output content audit failed', code: 10014 }],
  ])('%s is a failure', (name, failure) => {
    expect(answer(name)).toMatchObject({ ok: false, failure });
  });

  it('an empty answer is a bad shape', () => {
    expect(SPARK.chat!.answer(Buffer.alloc(0), HUB_META)).toMatchObject({ ok: false, failure: { status: 502, code: 'bad_response_body' } });
  });
});
