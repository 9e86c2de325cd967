import { GoogleGenAI } from '@google/genai';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { jsonDirectiveKey, startMockUpstream } from './mock-upstream.js';
import { geminiClient, geminiSsePayloads } from './mock/mock-test-client.js';

const mock = await startMockUpstream({ port: 0 });
const { call } = geminiClient(mock);
// @google/genai 3.x calls /v1 unless told otherwise; Gemini CLI and older SDKs call /v1beta.
const sdk = (apiKey = 'mock-ok', apiVersion = 'v1beta') => new GoogleGenAI({ apiKey, httpOptions: { baseUrl: mock.url, apiVersion } });
afterAll(() => mock.close());
afterEach(() => mock.reset());

const DEFAULT_USAGE = { promptTokenCount: 10, candidatesTokenCount: 20, totalTokenCount: 30, promptTokensDetails: [{ modality: 'TEXT', tokenCount: 10 }] };

describe(':generateContent', () => {
  it('answers a GenerateContentResponse with the model from the path and usageMetadata', async () => {
    const response = await call('gemini-2.5-flash', 'generateContent');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      candidates: [{ content: { parts: [{ text: 'Hello from mock upstream.' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
      usageMetadata: DEFAULT_USAGE,
      modelVersion: 'gemini-2.5-flash',
      responseId: expect.stringMatching(/^mock-resp-\d+$/),
    });
  });

  it('scripts cached tokens, thoughts (beside the candidates, inside the total), thinking parts and function calls', async () => {
    const body = await (
      await call('gemini-2.5-pro', 'generateContent', {
        contents: [],
        mock: { prompt_tokens: 2048, cached_tokens: 2000, completion_tokens: 6, reasoning_tokens: 22, thinking: 'plan', tool_calls: [{ name: 'get_time', arguments: { tz: 'UTC' } }] },
      })
    ).json();
    expect(body.usageMetadata).toEqual({
      promptTokenCount: 2048,
      candidatesTokenCount: 6,
      totalTokenCount: 2076,
      cachedContentTokenCount: 2000,
      thoughtsTokenCount: 22,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: 2048 }],
    });
    expect(body.candidates[0].content.parts).toEqual([
      { text: 'plan', thought: true },
      { functionCall: { name: 'get_time', args: { tz: 'UTC' } }, thoughtSignature: expect.any(String) },
    ]);
    expect(body.candidates[0].finishReason).toBe('STOP');
  });

  it('the official SDK reads text, function calls and usage', async () => {
    const response = await sdk(jsonDirectiveKey({ content: 'Checking.', tool_calls: 2, prompt_tokens: 3 })).models.generateContent({ model: 'gemini-2.5-flash', contents: 'weather?' });
    expect(response.text).toBe('Checking.');
    expect(response.functionCalls).toEqual([
      { name: 'get_weather', args: { city: 'Paris' } },
      { name: 'get_weather', args: { city: 'Paris', n: 1 } },
    ]);
    expect(response.usageMetadata).toMatchObject({ promptTokenCount: 3, candidatesTokenCount: 20, totalTokenCount: 23 });
    const [record] = mock.requests();
    expect(record).toMatchObject({ path: '/v1beta/models/gemini-2.5-flash:generateContent', query: '' });
    expect(record!.headers['x-goog-api-key']).toMatch(/^mock-json-/);
  });
});

describe(':streamGenerateContent', () => {
  it('with alt=sse sends CRLF-framed GenerateContentResponse events, cumulative usage, the finish reason last', async () => {
    const response = await call('gemini-2.5-flash', 'streamGenerateContent', undefined, { query: 'alt=sse' });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const text = await response.text();
    expect(text.endsWith('\r\n\r\n')).toBe(true);
    expect(text).not.toContain('[DONE]');
    const events = geminiSsePayloads(text) as Array<{ candidates: Array<{ content: { parts: Array<{ text: string }> }; finishReason?: string }>; usageMetadata: Record<string, number> }>;
    expect(events).toHaveLength(5);
    expect(events.map((e) => e.candidates[0]!.content.parts[0]!.text).join('')).toBe('Hello from mock upstream.');
    expect(events.map((e) => e.candidates[0]!.finishReason ?? null)).toEqual([null, null, null, null, 'STOP']);
    expect(events.map((e) => e.usageMetadata.candidatesTokenCount)).toEqual([4, 8, 12, 16, 20]);
    expect(events.at(-1)!.usageMetadata).toEqual(DEFAULT_USAGE);
  });

  it('without alt=sse streams one JSON array', async () => {
    const response = await call('gemini-2.5-flash', 'streamGenerateContent', { contents: [], mock: { chunks: 2 } });
    expect(response.headers.get('content-type')).toBe('application/json');
    const array = (await response.json()) as Array<{ candidates: Array<{ content: { parts: Array<{ text: string }> } }> }>;
    expect(array.map((r) => r.candidates[0]!.content.parts[0]!.text)).toEqual(['Hello from m', 'ock upstream.']);
  });

  it('sends thought parts first and the function calls whole in the last chunk', async () => {
    const text = await (
      await call('gemini-2.5-flash', 'streamGenerateContent', { contents: [], mock: { thinking: 'hm', chunks: 1, tool_calls: 1 } }, { query: 'alt=sse' })
    ).text();
    const parts = geminiSsePayloads(text).map((e) => (e as { candidates: Array<{ content: { parts: unknown[] } }> }).candidates[0]!.content.parts);
    expect(parts).toEqual([[{ text: 'hm', thought: true }], [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: expect.any(String) }]]);
  });

  it('the official SDK streams the text and reads the final usage', async () => {
    let text = '';
    let usage: unknown;
    for await (const chunk of await sdk().models.generateContentStream({ model: 'gemini-2.5-flash', contents: 'hi' })) {
      text += chunk.text ?? '';
      usage = chunk.usageMetadata;
    }
    expect(text).toBe('Hello from mock upstream.');
    expect(usage).toMatchObject({ promptTokenCount: 10, candidatesTokenCount: 20, totalTokenCount: 30 });
    expect(mock.requests()[0]).toMatchObject({ path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent', query: 'alt=sse' });
  });

  it.each([
    ['alt=sse', 'alt=sse', (text: string) => geminiSsePayloads(text)],
    ['a JSON array', '', (text: string) => JSON.parse(text) as unknown[]],
  ])('error_mid_stream_after ends %s with Google’s error object', async (_name, query, parse) => {
    const text = await (await call('gemini-2.5-flash', 'streamGenerateContent', { contents: [], mock: { error_mid_stream_after: 1 } }, { query })).text();
    const items = parse(text);
    expect(items).toHaveLength(2);
    expect(items[1]).toEqual({ error: { code: 503, message: 'mock error mid-stream', status: 'UNAVAILABLE' } });
  });

  it('error_mid_stream_after 0 in a JSON array is still valid JSON', async () => {
    const text = await (await call('gemini-2.5-flash', 'streamGenerateContent', { contents: [], mock: { error_mid_stream_after: 0 } })).text();
    expect(JSON.parse(text)).toEqual([{ error: { code: 503, message: 'mock error mid-stream', status: 'UNAVAILABLE' } }]);
  });

  it('stall_after_chunks sends N events and goes silent', async () => {
    const abort = new AbortController();
    const response = await fetch(`${mock.url}/v1beta/models/m:streamGenerateContent?alt=sse`, {
      method: 'POST',
      headers: { 'x-goog-api-key': 'mock-stall-after-chunks-2' },
      body: '{}',
      signal: abort.signal,
    });
    const reader = response.body!.getReader();
    let text = '';
    while (text.split('\r\n\r\n').length - 1 < 2) text += new TextDecoder().decode((await reader.read()).value);
    expect(geminiSsePayloads(text)).toHaveLength(2);
    const next = reader.read();
    const silent = await Promise.race([next.then(() => 'data'), new Promise((r) => setTimeout(() => r('silent'), 200))]);
    expect(silent).toBe('silent');
    abort.abort();
    await next.catch(() => undefined);
  });
});

describe('countTokens, embeddings and models', () => {
  it('countTokens answers totalTokens, scripted by prompt_tokens; the SDK reads it', async () => {
    expect(await (await call('gemini-2.5-flash', 'countTokens', { contents: [], mock: { prompt_tokens: 12 } })).json()).toEqual({ totalTokens: 12 });
    expect(await sdk('mock-prompt-tokens-5').models.countTokens({ model: 'gemini-2.5-flash', contents: 'x' })).toMatchObject({ totalTokens: 5 });
  });

  it('embedContent answers one vector, batchEmbedContents one per request; the SDK reads them', async () => {
    const one = await (await call('text-embedding-004', 'embedContent', { content: { parts: [{ text: 'a' }] } })).json();
    expect(one).toEqual({ embedding: { values: [0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08] } });
    const batch = await (await call('text-embedding-004', 'batchEmbedContents', { requests: [{}, {}, {}] })).json();
    expect(batch.embeddings).toHaveLength(3);
    expect(batch.embeddings[1].values[0]).toBe(0.02);
    const viaSdk = await sdk().models.embedContent({ model: 'text-embedding-004', contents: ['x', 'y'] });
    expect(viaSdk.embeddings?.map((e) => e.values?.length)).toEqual([8, 8]);
  });

  it('GET /v1beta/models lists models; GET /v1beta/models/{model} answers one, or 404 in Google’s shape', async () => {
    const list = await (await fetch(`${mock.url}/v1beta/models`, { headers: { 'x-goog-api-key': 'mock-ok' } })).json();
    expect(list.models[0]).toMatchObject({ name: 'models/gemini-2.5-flash', supportedGenerationMethods: expect.arrayContaining(['generateContent']) });
    const one = await (await fetch(`${mock.url}/v1beta/models/gemini-2.5-pro`, { headers: { 'x-goog-api-key': 'mock-ok' } })).json();
    expect(one).toMatchObject({ name: 'models/gemini-2.5-pro', version: '001' });
    const missing = await fetch(`${mock.url}/v1beta/models/nope`, { headers: { 'x-goog-api-key': 'mock-ok' } });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
    const pager = await sdk().models.list();
    expect(pager.page.map((m) => m.name)).toContain('models/gemini-2.0-flash');
  });
});

describe('keys and errors', () => {
  it('takes the key from x-goog-api-key, or the key query parameter, and records where it came', async () => {
    expect((await call('m', 'generateContent', undefined, { key: 'mock-status-429' })).status).toBe(429);
    expect((await call('m', 'generateContent', undefined, { key: 'mock-status-429', inQuery: true })).status).toBe(429);
    const [header, query] = mock.requests();
    expect(new URLSearchParams(header!.query).has('key')).toBe(false);
    expect(new URLSearchParams(query!.query).get('key')).toBe('mock-status-429');
  });

  it('answers 403 PERMISSION_DENIED without a key', async () => {
    const response = await call('m', 'generateContent', undefined, { key: null });
    expect(response.status).toBe(403);
    expect((await response.json()).error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
  });

  it.each([
    [400, 'INVALID_ARGUMENT'],
    [429, 'RESOURCE_EXHAUSTED'],
    [500, 'INTERNAL'],
    [503, 'UNAVAILABLE'],
  ])('status %i answers Google’s error with status %s', async (code, status) => {
    const response = await call('m', 'generateContent', { contents: [], mock: { status: code } });
    expect(response.status).toBe(code);
    expect(await response.json()).toEqual({ error: { code, message: `mock error ${code}`, status } });
  });

  it('echo_auth quotes the credential received; body_error_in_200 answers 200 with an error', async () => {
    const echoed = await (await call('m', 'generateContent', { contents: [], mock: { status: 400, echo_auth: true } }, { key: 'AIza-secret' })).json();
    expect(echoed.error.message).toBe('mock error 400 (received x-goog-api-key: AIza-secret)');
    const inQuery = await (await call('m', 'generateContent', { contents: [], mock: { status: 400, echo_auth: true } }, { key: 'AIza-q', inQuery: true })).json();
    expect(inQuery.error.message).toBe('mock error 400 (received key: AIza-q)');
    const in200 = await call('m', 'generateContent', undefined, { key: 'mock-body-error-in-200' });
    expect(in200.status).toBe(200);
    expect(await in200.json()).toEqual({ error: { code: 500, message: 'mock error in 200 body', status: 'INTERNAL' } });
  });

  it('the SDK sees a scripted status as an ApiError', async () => {
    await expect(sdk('mock-status-429').models.generateContent({ model: 'gemini-2.5-flash', contents: 'x' })).rejects.toMatchObject({ status: 429 });
  });

  it('an unknown method or path under /v1beta answers 404 in Google’s shape', async () => {
    const method = await call('m', 'nope');
    expect(method.status).toBe(404);
    expect((await method.json()).error.status).toBe('NOT_FOUND');
    const path = await fetch(`${mock.url}/v1beta/files`, { headers: { 'x-goog-api-key': 'mock-ok' } });
    expect(path.status).toBe(404);
    expect((await path.json()).error.status).toBe('NOT_FOUND');
  });
});

describe('the /v1 paths @google/genai 3.x uses by default', () => {
  it('serve generateContent and the Gemini model list (GET /v1/models with a Google key)', async () => {
    const client = sdk('mock-ok', 'v1');
    expect((await client.models.generateContent({ model: 'gemini-2.5-flash', contents: 'x' })).text).toBe('Hello from mock upstream.');
    expect((await client.models.list()).page.map((m) => m.name)).toContain('models/gemini-2.5-pro');
    expect(mock.requests().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/models/gemini-2.5-flash:generateContent', 'GET /v1/models']);
    const openai = await (await fetch(`${mock.url}/v1/models`, { headers: { authorization: 'Bearer mock-ok' } })).json();
    expect(openai.object).toBe('list');
  });
});
