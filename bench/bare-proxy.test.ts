import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBareProxy, type BareProxy } from './bare-proxy.js';
import { startMockUpstream, type MockUpstream } from './mock-upstream.js';

let mock: MockUpstream;
let proxy: BareProxy;
let proxyUrl: string;
beforeAll(async () => {
  mock = await startMockUpstream();
  proxy = await startBareProxy({ port: 0, target: mock.url });
  proxyUrl = `http://127.0.0.1:${proxy.port}`;
});
afterAll(async () => {
  await proxy.close();
  await mock.close();
});
afterEach(() => mock.reset());

const chat = (body: Record<string, unknown>, key = 'mock-ok', init: RequestInit = {}) =>
  fetch(`${proxyUrl}/v1/chat/completions?trace=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ model: 'gpt-4o-mini', ...body }),
    ...init,
  });

async function waitFor(predicate: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !predicate(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(predicate()).toBe(true);
}

describe('bare proxy', () => {
  it('forwards method, path, query, body, content-type and authorization', async () => {
    const response = await chat({ extra: 1 });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect((await response.json()).usage.total_tokens).toBe(30);
    expect(mock.requests()[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      query: 'trace=1',
      body: { model: 'gpt-4o-mini', extra: 1 },
      headers: { 'content-type': 'application/json', authorization: 'Bearer mock-ok' },
    });
  });

  it('passes upstream error statuses and GET requests through', async () => {
    const failing = await chat({}, 'mock-status-429');
    expect(failing.status).toBe(429);
    expect(await failing.json()).toHaveProperty('error.code', 'mock_429');
    expect((await fetch(`${proxyUrl}/v1/models`)).status).toBe(200);
  });

  it('streams SSE through unchanged', async () => {
    const direct = await (await fetch(`${mock.url}/v1/chat/completions`, { method: 'POST', body: '{"stream":true}' })).text();
    const proxied = await (await chat({ stream: true })).text();
    const strip = (text: string) => text.replace(/"(id|created)":"?[\w-]+"?/g, '');
    expect(strip(proxied)).toBe(strip(direct));
    expect(proxied.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('aborts the upstream request when the client disconnects', async () => {
    const abort = new AbortController();
    const response = await chat({ stream: true, mock: { stall_after_chunks: 1 } }, 'mock-ok', { signal: abort.signal });
    await response.body!.getReader().read();
    abort.abort();
    await waitFor(() => mock.requests()[0]?.aborted === true);
  });

  it('drops the client connection when the upstream resets mid-stream', async () => {
    const response = await chat({ stream: true, mock: { reset_after_chunks: 2 } });
    await expect(response.text()).rejects.toThrow();
  });
});
