import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startMockUpstream } from './mock-upstream.js';
import { DEFAULT_USAGE, mockClient, ssePayloads, type Chunk } from './mock/mock-test-client.js';

const mock = await startMockUpstream({ port: 0 });
const { post, chat } = mockClient(mock);
afterAll(() => mock.close());
afterEach(() => mock.reset());

describe('chat completions, non-stream', () => {
  it('answers an OpenAI chat.completion with the default content and usage', async () => {
    const response = await chat({ model: 'gpt-test' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-test',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello from mock upstream.' }, finish_reason: 'stop' }],
      usage: DEFAULT_USAGE,
    });
    expect(body.id).toMatch(/^chatcmpl-mock-\d+$/);
  });

  it('takes content, token counts and cached tokens from the mock object', async () => {
    const body = await (await chat({ mock: { content: 'abc', prompt_tokens: 7, completion_tokens: 3, cached_tokens: 4 } })).json();
    expect(body.choices[0].message.content).toBe('abc');
    expect(body.usage).toEqual({ prompt_tokens: 7, completion_tokens: 3, total_tokens: 10, prompt_tokens_details: { cached_tokens: 4 } });
  });

  it('returns a usage object verbatim and omits usage when usage is false', async () => {
    const custom = await (await chat({ mock: { usage: { total_tokens: 99 } } })).json();
    expect(custom.usage).toEqual({ total_tokens: 99 });
    const none = await (await chat({ mock: { usage: false } })).json();
    expect(none).not.toHaveProperty('usage');
  });
});

describe('chat completions, stream', () => {
  it('sends content chunks, a stop chunk and [DONE], without usage unless asked', async () => {
    const response = await chat({ stream: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const text = await response.text();
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    const payloads = ssePayloads(text);
    expect(payloads.at(-1)).toBe('[DONE]');
    const chunks = payloads.slice(0, -1) as Chunk[];
    expect(chunks).toHaveLength(6);
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    expect(chunks.slice(0, 5).map((c) => c.choices[0]!.delta.content).join('')).toBe('Hello from mock upstream.');
    expect(chunks[5]!.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
    for (const chunk of chunks) {
      expect(chunk.object).toBe('chat.completion.chunk');
      expect(chunk).not.toHaveProperty('usage');
    }
  });

  it('adds a usage chunk before [DONE] only when stream_options.include_usage is true', async () => {
    const payloads = ssePayloads(await (await chat({ stream: true, stream_options: { include_usage: true } })).text());
    expect(payloads.at(-1)).toBe('[DONE]');
    const usageChunk = payloads.at(-2) as Chunk;
    expect(usageChunk.choices).toEqual([]);
    expect(usageChunk.usage).toEqual(DEFAULT_USAGE);
    expect((payloads.at(-3) as Chunk).choices[0]!.finish_reason).toBe('stop');
    expect((payloads[0] as Chunk).usage).toBeNull();

    const notAsked = ssePayloads(await (await chat({ stream: true, stream_options: { include_usage: false } })).text());
    expect(notAsked.some((p) => typeof p === 'object' && (p as Chunk).usage)).toBe(false);
  });

  it('omits the usage chunk when usage is false even if include_usage is asked', async () => {
    const payloads = ssePayloads(
      await (await chat({ stream: true, stream_options: { include_usage: true }, mock: { usage: false } })).text(),
    );
    expect(payloads.some((p) => typeof p === 'object' && (p as Chunk).usage)).toBe(false);
    expect(payloads.at(-1)).toBe('[DONE]');
  });

  it('splits the content into the requested number of chunks', async () => {
    const payloads = ssePayloads(await (await chat({ stream: true, mock: { content: 'abcdef', chunks: 3 } })).text());
    const pieces = (payloads.slice(0, -2) as Chunk[]).map((c) => c.choices[0]!.delta.content);
    expect(pieces).toEqual(['ab', 'cd', 'ef']);
  });

  it('waits chunk_delay_ms between chunks', async () => {
    const started = performance.now();
    await (await chat({ stream: true, mock: { chunks: 3, chunk_delay_ms: 40 } })).text();
    // 3 content chunks, the stop chunk and [DONE]: four gaps.
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
  });
});

describe('other endpoints', () => {
  it('answers /v1/completions in text_completion shape', async () => {
    const body = await (await post('/v1/completions', { model: 'gpt-3.5-turbo-instruct', prompt: 'hi' })).json();
    expect(body).toMatchObject({ object: 'text_completion', choices: [{ text: 'Hello from mock upstream.', finish_reason: 'stop' }], usage: DEFAULT_USAGE });
    const payloads = ssePayloads(await (await post('/v1/completions', { prompt: 'hi', stream: true })).text());
    expect((payloads.slice(0, 5) as { choices: { text: string }[] }[]).map((c) => c.choices[0]!.text).join('')).toBe('Hello from mock upstream.');
    expect(payloads.at(-1)).toBe('[DONE]');
  });

  it('answers /v1/embeddings with one 8-float vector per input', async () => {
    const body = await (await post('/v1/embeddings', { model: 'text-embedding-3-small', input: ['a', 'b'] })).json();
    expect(body).toMatchObject({ object: 'list', model: 'text-embedding-3-small', usage: { prompt_tokens: 10, total_tokens: 10 } });
    expect(body.data).toHaveLength(2);
    expect(body.data[1]).toMatchObject({ object: 'embedding', index: 1 });
    expect(body.data[1].embedding).toHaveLength(8);
  });

  it('lists models and honours key directives on GET', async () => {
    const body = await (await fetch(`${mock.url}/v1/models`)).json();
    expect(body.object).toBe('list');
    expect(body.data.map((m: { id: string }) => m.id)).toContain('gpt-4o-mini');
    expect((await fetch(`${mock.url}/v1/models`, { headers: { authorization: 'Bearer mock-status-401' } })).status).toBe(401);
  });

  it('answers unknown routes with 404', async () => {
    expect((await post('/v1/nope', {})).status).toBe(404);
  });
});

