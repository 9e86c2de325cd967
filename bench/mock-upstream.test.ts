import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Pool } from 'undici';
import { startMockUpstream, type MockRecord, type MockUpstream } from './mock-upstream.js';

const DEFAULT_USAGE = { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 };

let mock: MockUpstream;
beforeAll(async () => {
  mock = await startMockUpstream({ port: 0 });
});
afterAll(async () => {
  await mock.close();
});
afterEach(() => mock.reset());

function post(path: string, body: unknown, key = 'mock-ok', init: RequestInit = {}): Promise<Response> {
  return fetch(mock.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
    ...init,
  });
}

const chat = (body: Record<string, unknown> = {}, key?: string) =>
  post('/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], ...body }, key);

/** SSE payloads in order: parsed JSON, or the raw string for [DONE]. */
function ssePayloads(text: string): unknown[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => frame.slice('data: '.length))
    .map((data) => (data === '[DONE]' ? data : (JSON.parse(data) as unknown)));
}

interface Chunk {
  object?: string;
  choices: { delta: { role?: string; content?: string }; finish_reason: string | null }[];
  usage?: Record<string, unknown> | null;
  error?: { message: string; code: string };
}

async function readFrames(response: Response, count: number): Promise<{ text: string; reader: ReadableStreamDefaultReader<Uint8Array> }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (text.split('\n\n').length - 1 < count) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended after ${text}`);
    text += decoder.decode(value, { stream: true });
  }
  return { text, reader };
}

async function waitForRecord(predicate: (r: MockRecord) => boolean): Promise<MockRecord> {
  for (let i = 0; i < 100; i++) {
    const found = mock.requests().find(predicate);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no matching record');
}

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

  it('error_mid_stream_after sends N chunks, an error event, and ends without [DONE]', async () => {
    const text = await (await chat({ stream: true, mock: { error_mid_stream_after: 2 } })).text();
    const payloads = ssePayloads(text);
    expect(payloads).toHaveLength(3);
    expect((payloads[1] as Chunk).choices[0]!.delta.content).toBe(' from');
    expect((payloads[2] as Chunk).error).toEqual({ message: 'mock error mid-stream', type: 'upstream_error', code: 'mock_mid_stream' });
    expect(text).not.toContain('[DONE]');
  });

  it('reset_after_chunks delivers N chunks then drops the connection', async () => {
    const response = await chat({ stream: true, mock: { reset_after_chunks: 2 } });
    const { text, reader } = await readFrames(response, 2);
    expect(ssePayloads(text)).toHaveLength(2);
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return 'clean end';
      })(),
    ).rejects.toThrow();
    const record = await waitForRecord(() => true);
    expect(record).toMatchObject({ aborted: false, completed: false });
  });

  it('stall_after_chunks goes silent, and a client abort is recorded as aborted', async () => {
    const abort = new AbortController();
    const response = await post(
      '/v1/chat/completions',
      { stream: true, mock: { stall_after_chunks: 1 } },
      'mock-ok',
      { signal: abort.signal },
    );
    const { text, reader } = await readFrames(response, 1);
    expect(ssePayloads(text)).toHaveLength(1);
    const next = reader.read();
    const silent = await Promise.race([next.then(() => 'data'), new Promise((r) => setTimeout(() => r('silent'), 200))]);
    expect(silent).toBe('silent');
    expect(mock.requests()[0]).toMatchObject({ aborted: false, completed: false });
    abort.abort();
    await next.catch(() => undefined);
    expect(await waitForRecord((r) => r.aborted)).toMatchObject({ path: '/v1/chat/completions', completed: false });
  });

  it('stall_after_chunks 0 still answers the response head', async () => {
    const abort = new AbortController();
    const response = await post('/v1/chat/completions', { stream: true, mock: { stall_after_chunks: 0 } }, 'mock-ok', { signal: abort.signal });
    expect(response.status).toBe(200);
    abort.abort();
  });
});

describe('scripted failures and keys', () => {
  it('status answers that status with an OpenAI error body', async () => {
    const response = await chat({ stream: true, mock: { status: 503 } });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { message: 'mock error 503', type: 'upstream_error', code: 'mock_503' } });
  });

  it('body_error_in_200 answers 200 with an error object', async () => {
    const response = await chat({ mock: { body_error_in_200: true } });
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty('error.code', 'mock_body_error_in_200');
  });

  it('delay_ms holds the response head back', async () => {
    const started = performance.now();
    const response = await chat({ mock: { delay_ms: 120 } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(response.status).toBe(200);
  });

  it('a client abort during delay_ms is recorded and does not disturb the server', async () => {
    const abort = new AbortController();
    const pending = post('/v1/chat/completions', { mock: { delay_ms: 300 } }, 'mock-ok', { signal: abort.signal });
    await waitForRecord(() => true);
    abort.abort();
    await expect(pending).rejects.toThrow();
    expect(await waitForRecord((r) => r.aborted)).toMatchObject({ completed: false });
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await chat()).status).toBe(200);
  });

  it('key mock-status-<n> always fails, mock-ok is normal, and the key beats the body', async () => {
    const failing = await chat({}, 'mock-status-500');
    expect(failing.status).toBe(500);
    expect(await failing.json()).toHaveProperty('error.code', 'mock_500');
    expect((await chat({ mock: { status: 429 } }, 'mock-status-502')).status).toBe(502);
    expect((await chat({}, 'mock-ok')).status).toBe(200);
    expect((await chat({}, 'sk-anything-else')).status).toBe(200);
  });

  it('key mock-delay-<ms> delays and generic key directives apply', async () => {
    const started = performance.now();
    expect((await chat({}, 'mock-delay-100')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    const noUsage = await (await chat({}, 'mock-no-usage')).json();
    expect(noUsage).not.toHaveProperty('usage');
    const payloads = ssePayloads(await (await chat({ stream: true }, 'mock-error-mid-stream-after-1')).text());
    expect((payloads[1] as Chunk).error?.code).toBe('mock_mid_stream');
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

describe('recording', () => {
  it('records method, path, query, lower-cased headers, parsed body and time', async () => {
    const before = Date.now();
    await fetch(`${mock.url}/v1/chat/completions?x=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer mock-ok', 'X-Trace-Id': 't1' },
      body: JSON.stringify({ model: 'm', unknown_field: { keep: true } }),
    });
    const records = (await (await fetch(`${mock.url}/__mock/requests`)).json()) as MockRecord[];
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      query: 'x=1',
      body: { model: 'm', unknown_field: { keep: true } },
      aborted: false,
      completed: true,
    });
    expect(records[0]!.headers).toMatchObject({ authorization: 'Bearer mock-ok', 'x-trace-id': 't1', 'content-type': 'application/json' });
    expect(records[0]!.time).toBeGreaterThanOrEqual(before);
  });

  it('POST /__mock/reset clears the list', async () => {
    await chat();
    expect(mock.requests()).toHaveLength(1);
    expect((await fetch(`${mock.url}/__mock/reset`, { method: 'POST' })).status).toBe(200);
    expect(await (await fetch(`${mock.url}/__mock/requests`)).json()).toEqual([]);
  });

  it('keeps only the newest maxRecords records', async () => {
    const small = await startMockUpstream({ maxRecords: 3 });
    try {
      for (let i = 0; i < 5; i++) await fetch(`${small.url}/v1/models?n=${i}`);
      expect(small.requests().map((r) => r.query)).toEqual(['n=2', 'n=3', 'n=4']);
    } finally {
      await small.close();
    }
  });

  it('caps the default log at 10 000 records', async () => {
    const pool = new Pool(mock.url, { connections: 16 });
    try {
      const total = 10_050;
      let sent = 0;
      const worker = async () => {
        while (sent < total) {
          const n = sent++;
          const { body } = await pool.request({ method: 'GET', path: `/v1/models?n=${n}` });
          await body.dump();
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      const records = mock.requests();
      expect(records).toHaveLength(10_000);
      expect(records.at(-1)!.id - records[0]!.id).toBe(9_999);
    } finally {
      await pool.close();
    }
  });

  it('records nothing when record is false', async () => {
    const quiet = await startMockUpstream({ record: false });
    try {
      expect((await fetch(`${quiet.url}/v1/models`)).status).toBe(200);
      expect(quiet.requests()).toEqual([]);
      expect(await (await fetch(`${quiet.url}/__mock/requests`)).json()).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
