import Anthropic from '@anthropic-ai/sdk';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { jsonDirectiveKey, startMockUpstream } from './mock-upstream.js';
import { claudeClient, claudeEvents, readFrames } from './mock/mock-test-client.js';

const mock = await startMockUpstream({ port: 0 });
const { messages } = claudeClient(mock);
const sdk = (apiKey = 'mock-ok') => new Anthropic({ apiKey, baseURL: mock.url, maxRetries: 0 });
afterAll(() => mock.close());
afterEach(() => mock.reset());

const DEFAULT_USAGE = { input_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 20 };

describe('POST /v1/messages, non-stream', () => {
  it('answers a message with the default text, end_turn and Anthropic usage', async () => {
    const response = await messages({ model: 'claude-test' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: expect.stringMatching(/^msg_mock_\d+$/),
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content: [{ type: 'text', text: 'Hello from mock upstream.' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: DEFAULT_USAGE,
    });
  });

  it('scripts tokens, cache reads and writes (with the 1-hour split), thinking and the stop reason', async () => {
    const body = await (
      await messages({
        mock: { content: 'ok', thinking: 'hmm', prompt_tokens: 5, completion_tokens: 7, cached_tokens: 100, cache_creation_tokens: 30, cache_creation_1h_tokens: 10, finish_reason: 'max_tokens' },
      })
    ).json();
    expect(body.content).toEqual([
      { type: 'thinking', thinking: 'hmm', signature: expect.any(String) },
      { type: 'text', text: 'ok' },
    ]);
    expect(body.stop_reason).toBe('max_tokens');
    expect(body.usage).toEqual({
      input_tokens: 5,
      cache_creation_input_tokens: 30,
      cache_read_input_tokens: 100,
      cache_creation: { ephemeral_5m_input_tokens: 20, ephemeral_1h_input_tokens: 10 },
      output_tokens: 7,
    });
  });

  it('answers tool_use blocks when tool calls are scripted', async () => {
    const body = await (await messages({ mock: { tool_calls: [{ name: 'lookup', arguments: { q: '東京' } }] } })).json();
    expect(body.content).toEqual([{ type: 'tool_use', id: expect.stringMatching(/^toolu_mock_\d+_0$/), name: 'lookup', input: { q: '東京' } }]);
    expect(body.stop_reason).toBe('tool_use');
  });

  it('the official SDK reads the message, a tool call and countTokens', async () => {
    const client = sdk(jsonDirectiveKey({ content: 'Let me check.', tool_calls: 1 }));
    const message = await client.messages.create({ model: 'claude-sonnet-4-20250514', max_tokens: 10, messages: [{ role: 'user', content: 'weather?' }] });
    expect(message.content).toEqual([
      { type: 'text', text: 'Let me check.' },
      { type: 'tool_use', id: expect.stringMatching(/^toolu_mock_\d+_0$/), name: 'get_weather', input: { city: 'Paris' } },
    ]);
    expect(message.usage).toMatchObject({ input_tokens: 10, output_tokens: 20 });
    const counted = await sdk('mock-prompt-tokens-42').messages.countTokens({ model: 'claude-sonnet-4-20250514', messages: [{ role: 'user', content: 'x' }] });
    expect(counted).toEqual({ input_tokens: 42 });
    // The SDK sends its key as a Bearer token and its own anthropic-version.
    expect(mock.requests().map((r) => [r.path, r.headers.authorization?.slice(0, 16), Boolean(r.headers['anthropic-version'])])).toEqual([
      ['/v1/messages', 'Bearer mock-json', true],
      ['/v1/messages/count_tokens', 'Bearer mock-prom', true],
    ]);
  });
});

describe('POST /v1/messages, stream', () => {
  it('sends message_start, a text block with a ping, message_delta with the stop reason and usage, message_stop', async () => {
    const response = await messages({ stream: true, mock: { chunks: 2, cached_tokens: 4 } });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = claudeEvents(await response.text());
    expect(events.map((e) => e.event)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events[0]!.data).toEqual({
      type: 'message_start',
      message: {
        id: expect.stringMatching(/^msg_mock_\d+$/),
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-20250514',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 4, output_tokens: 1 },
      },
    });
    expect(events[1]!.data).toEqual({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    expect(events.slice(3, 5).map((e) => e.data)).toEqual([
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hello from m' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'ock upstream.' } },
    ]);
    expect(events[6]!.data).toEqual({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 20 } });
  });

  it('streams thinking (with a signature), text and a tool call whose arguments arrive in arg_chunks pieces', async () => {
    const mockDirectives = { thinking: 'ab', content: 'T', chunks: 1, tool_calls: [{ name: 'f', arguments: { x: 'ünï' } }], arg_chunks: 4 };
    const events = claudeEvents(await (await messages({ stream: true, mock: mockDirectives })).text());
    const deltas = events.filter((e) => e.event === 'content_block_delta').map((e) => [e.data.index, e.data.delta]);
    expect(deltas.slice(0, 3)).toEqual([
      [0, { type: 'thinking_delta', thinking: 'ab' }],
      [0, { type: 'signature_delta', signature: expect.any(String) }],
      [1, { type: 'text_delta', text: 'T' }],
    ]);
    const argumentPieces = deltas.slice(3) as Array<[number, { type: string; partial_json: string }]>;
    expect(argumentPieces.map(([index, delta]) => [index, delta.type])).toEqual(Array(4).fill([2, 'input_json_delta']));
    expect(JSON.parse(argumentPieces.map(([, delta]) => delta.partial_json).join(''))).toEqual({ x: 'ünï' });
    const starts = events.filter((e) => e.event === 'content_block_start').map((e) => e.data.content_block);
    expect(starts).toEqual([
      { type: 'thinking', thinking: '' },
      { type: 'text', text: '' },
      { type: 'tool_use', id: expect.stringMatching(/^toolu_mock_\d+_0$/), name: 'f', input: {} },
    ]);
    expect(events.at(-2)!.data).toMatchObject({ delta: { stop_reason: 'tool_use' } });
  });

  it('the official SDK assembles the streamed message', async () => {
    const stream = sdk().messages.stream({ model: 'claude-sonnet-4-20250514', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] });
    const message = await stream.finalMessage();
    expect(message.content).toEqual([{ type: 'text', text: 'Hello from mock upstream.' }]);
    expect(message.usage).toMatchObject({ input_tokens: 10, output_tokens: 20 });
    expect(message.stop_reason).toBe('end_turn');
  });

  it('web_search_calls: a server_tool_use and result block pair per search, the count in usage (message_delta in a stream)', async () => {
    const body = await (await messages({ mock: { web_search_calls: 2, content: 'ok' } })).json();
    expect(body.content.map((b: { type: string }) => b.type)).toEqual(['server_tool_use', 'web_search_tool_result', 'server_tool_use', 'web_search_tool_result', 'text']);
    expect(body.content[1].tool_use_id).toBe(body.content[0].id);
    expect(body.usage).toEqual({ ...DEFAULT_USAGE, server_tool_use: { web_search_requests: 2 } });

    const message = await sdk('mock-web-search-calls-1').messages.stream({ model: 'claude-sonnet-4-20250514', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();
    expect(message.content.map((b) => b.type)).toEqual(['server_tool_use', 'web_search_tool_result', 'text']);
    expect(message.content[0]).toMatchObject({ type: 'server_tool_use', name: 'web_search', input: { query: 'mock' } });
    expect(message.usage.server_tool_use).toEqual({ web_search_requests: 1 });
    const events = claudeEvents(await (await messages({ stream: true, mock: { web_search_calls: 1 } })).text());
    expect(events[0]!.data).toMatchObject({ message: { usage: { output_tokens: 1, server_tool_use: { web_search_requests: 0 } } } });
    expect(events.at(-2)!.data).toMatchObject({ type: 'message_delta', usage: { output_tokens: 20, server_tool_use: { web_search_requests: 1 } } });
  });

  it('error_mid_stream_after sends an `event: error` after N deltas and stops', async () => {
    const events = claudeEvents(await (await messages({ stream: true, mock: { error_mid_stream_after: 2, error: { message: 'Overloaded' } } })).text());
    expect(events.map((e) => e.event)).toEqual(['message_start', 'content_block_start', 'ping', 'content_block_delta', 'content_block_delta', 'error']);
    expect(events.at(-1)!.data).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
  });

  it('stall_after_chunks 0 sends the message head, then nothing', async () => {
    const abort = new AbortController();
    const response = await fetch(`${mock.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'mock-stall-after-chunks-0', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'm', max_tokens: 1, messages: [], stream: true }),
      signal: abort.signal,
    });
    const { text } = await readFrames(response, 3);
    expect(claudeEvents(text).map((e) => e.event)).toEqual(['message_start', 'content_block_start', 'ping']);
    abort.abort();
  });
});

describe('errors and authentication', () => {
  it.each([
    [400, 'invalid_request_error'],
    [401, 'authentication_error'],
    [429, 'rate_limit_error'],
    [500, 'api_error'],
    [529, 'overloaded_error'],
  ])('status %i answers Anthropic error type %s', async (status, type) => {
    const response = await messages({ mock: { status } });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ type: 'error', error: { type, message: `mock error ${status}` } });
  });

  it('the SDK sees a scripted status as an APIError with Anthropic’s error body', async () => {
    const failing = sdk('mock-status-529').messages.create({ model: 'm', max_tokens: 1, messages: [{ role: 'user', content: 'x' }] });
    await expect(failing).rejects.toMatchObject({ status: 529, error: { type: 'error', error: { type: 'overloaded_error' } } });
  });

  it.each([
    ['no key', { 'x-api-key': '' }, 'x-api-key or Authorization header is required'],
    ['no anthropic-version', { 'anthropic-version': '' }, 'anthropic-version header is required'],
  ])('answers 401 authentication_error with %s', async (_name, headers, message) => {
    const response = await messages({}, headers);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ type: 'error', error: { type: 'authentication_error', message } });
  });

  it('takes the key from x-api-key first, else from a Bearer token', async () => {
    expect((await messages({}, { 'x-api-key': '', authorization: 'Bearer mock-status-503' })).status).toBe(503);
    expect((await messages({}, { 'x-api-key': 'mock-ok', authorization: 'Bearer mock-status-503' })).status).toBe(200);
  });

  it('echo_auth quotes the x-api-key received, and `error` fields are laid over the error', async () => {
    const body = await (await messages({ mock: { status: 403, echo_auth: true, error: { type: 'permission_error' } } }, { 'x-api-key': 'sk-ant-secret' })).json();
    expect(body).toEqual({ type: 'error', error: { type: 'permission_error', message: 'mock error 403 (received x-api-key: sk-ant-secret)' } });
  });

  it('body_error_in_200 answers 200 with an Anthropic error body', async () => {
    const response = await messages({}, { 'x-api-key': 'mock-body-error-in-200' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ type: 'error', error: { type: 'api_error', message: 'mock error in 200 body' } });
  });
});

describe('models and count_tokens', () => {
  it('GET /v1/models answers in Anthropic’s shape when anthropic-version is sent, OpenAI’s otherwise', async () => {
    const claude = await (await fetch(`${mock.url}/v1/models`, { headers: { 'x-api-key': 'mock-ok', 'anthropic-version': '2023-06-01' } })).json();
    expect(claude).toMatchObject({ has_more: false, first_id: 'claude-sonnet-4-20250514' });
    expect(claude.data[0]).toEqual({ type: 'model', id: 'claude-sonnet-4-20250514', display_name: 'Claude Sonnet 4', created_at: '2025-05-22T00:00:00Z' });
    const openai = await (await fetch(`${mock.url}/v1/models`, { headers: { authorization: 'Bearer mock-ok' } })).json();
    expect(openai).toMatchObject({ object: 'list' });
    const page = await sdk().models.list();
    expect(page.data.map((m) => m.id)).toContain('claude-opus-4-20250514');
  });

  it('count_tokens answers input_tokens, scripted by prompt_tokens', async () => {
    const response = await messages({ mock: { prompt_tokens: 77 } }, {}, '/v1/messages/count_tokens');
    expect(await response.json()).toEqual({ input_tokens: 77 });
  });

  it('records Anthropic requests like the others', async () => {
    await messages({ metadata: { user_id: 'u1' } }, { 'anthropic-beta': 'prompt-caching-2024-07-31' });
    expect(mock.requests()[0]).toMatchObject({
      method: 'POST',
      path: '/v1/messages',
      headers: { 'x-api-key': 'mock-ok', 'anthropic-version': '2023-06-01', 'anthropic-beta': 'prompt-caching-2024-07-31' },
      body: { metadata: { user_id: 'u1' } },
      completed: true,
    });
  });
});
