import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startMockUpstream } from './mock-upstream.js';
import { mockClient, ssePayloads, type Chunk } from './mock/mock-test-client.js';

const mock = await startMockUpstream({ port: 0 });
const { chat } = mockClient(mock);
afterAll(() => mock.close());
afterEach(() => mock.reset());

describe('scripted error bodies', () => {
  it('echo_auth quotes the Authorization header in a status answer, an error in 200 and a mid-stream error', async () => {
    const key = 'sk-canary-echo';
    const status = (await (await chat({ mock: { status: 401, echo_auth: true } }, key)).json()) as { error: { message: string } };
    expect(status.error.message).toBe('mock error 401 (received Authorization: Bearer sk-canary-echo)');
    const in200 = (await (await chat({ mock: { body_error_in_200: true, echo_auth: true } }, key)).json()) as { error: { message: string } };
    expect(in200.error.message).toContain('Bearer sk-canary-echo');
    const payloads = ssePayloads(await (await chat({ stream: true, mock: { error_mid_stream_after: 1, echo_auth: true } }, key)).text());
    expect((payloads[1] as Chunk).error?.message).toContain('Bearer sk-canary-echo');
  });

  it('error lays the test fields over the error object', async () => {
    const r = await chat({ mock: { status: 400, error: { code: 'context_length_exceeded', type: 'invalid_request_error' } } });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ error: { message: 'mock error 400', type: 'invalid_request_error', code: 'context_length_exceeded' } });
  });
});

describe('non-stream trickle', () => {
  it('stall_after_chunks sends the first pieces of the JSON answer, then goes silent', async () => {
    const abort = new AbortController();
    const r = await fetch(`${mock.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer mock-ok' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [], mock: { stall_after_chunks: 2, chunks: 10 } }),
      signal: abort.signal,
    });
    expect(r.headers.get('content-type')).toBe('application/json');
    const reader = r.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    for (;;) {
      const next = await Promise.race([reader.read(), new Promise<null>((res) => setTimeout(() => res(null), 300))]);
      if (next === null) break;
      if (next.done) throw new Error(`the answer ended: ${received}`);
      received += decoder.decode(next.value, { stream: true });
    }
    expect(received.startsWith('{"id":"chatcmpl-mock-')).toBe(true);
    expect(() => JSON.parse(received) as unknown).toThrow();
    expect(mock.requests()[0]).toMatchObject({ completed: false });
    abort.abort();
  });
});
