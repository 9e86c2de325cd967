import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startMockUpstream } from './mock-upstream.js';
import { mockClient, readFrames, ssePayloads, type Chunk } from './mock/mock-test-client.js';

const mock = await startMockUpstream({ port: 0 });
const { post, chat, waitForRecord } = mockClient(mock);
afterAll(() => mock.close());
afterEach(() => mock.reset());

describe('stream failures', () => {
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

