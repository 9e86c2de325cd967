import OpenAI from 'openai';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonDirectiveKey, startMockUpstream } from './mock-upstream.js';

// The mock's /v1/responses as the official SDK reads it: if the SDK accepts these shapes, so will the gateway's
// passthrough tests that are built on them.
const mock = await startMockUpstream({ port: 0 });
afterAll(() => mock.close());
const client = (directives: Record<string, unknown> = {}) =>
  new OpenAI({ apiKey: jsonDirectiveKey(directives), baseURL: `${mock.url}/v1`, maxRetries: 0 });

describe('mock /v1/responses', () => {
  it('answers a response with the text and Responses-style usage, cached and reasoning tokens included', async () => {
    const r = await client({ cached_tokens: 4, reasoning_tokens: 7, thinking: 'hmm' }).responses.create({ model: 'gpt-5-mini', input: 'hi' });
    expect(r.output_text).toBe('Hello from mock upstream.');
    expect(r.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
    expect(r.usage).toEqual({
      input_tokens: 10,
      input_tokens_details: { cached_tokens: 4 },
      output_tokens: 20,
      output_tokens_details: { reasoning_tokens: 7 },
      total_tokens: 30,
    });
  });

  it('streams typed events in sequence and ends with response.completed carrying the usage', async () => {
    const stream = client({ chunks: 3 }).responses.stream({ model: 'gpt-5-mini', input: 'hi' });
    const types: string[] = [];
    const sequence: number[] = [];
    stream.on('event', (e) => {
      types.push(e.type);
      sequence.push(e.sequence_number);
    });
    const final = await stream.finalResponse();
    expect(types.filter((t) => t === 'response.output_text.delta')).toHaveLength(3);
    expect(types.at(0)).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    expect(sequence).toEqual(sequence.map((_, i) => i));
    expect(final.output).toEqual([expect.objectContaining({ type: 'message', content: [expect.objectContaining({ text: 'Hello from mock upstream.' })] })]);
    expect(final.usage?.output_tokens).toBe(20);
  });

  it('streams function call arguments and ends a failing stream with an error event', async () => {
    const calls = client({ tool_calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] }).responses.stream({ model: 'm', input: 'x' });
    const final = await calls.finalResponse();
    expect(final.output).toEqual([expect.objectContaining({ type: 'function_call', name: 'get_weather', arguments: '{"city":"Paris"}' })]);

    const r = await fetch(`${mock.url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: 'Bearer mock-ok', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', input: 'x', stream: true, mock: { error_mid_stream_after: 2 } }),
    });
    const text = await r.text();
    expect(text.match(/event: response\.output_text\.delta/g)).toHaveLength(2);
    expect(text.trimEnd().split('\n\n').at(-1)).toMatch(/^event: error\ndata: \{"type":"error".*"code":"mock_mid_stream"/);
    expect(text).not.toContain('response.completed');
  });

  it('lists web and file search calls before the message, in a response and as streamed items', async () => {
    const r = await client({ web_search_calls: 2, file_search_calls: 1 }).responses.create({ model: 'gpt-4o', input: 'hi' });
    expect(r.output.map((item) => item.type)).toEqual(['web_search_call', 'web_search_call', 'file_search_call', 'message']);
    expect(r.output[0]).toMatchObject({ status: 'completed', action: { type: 'search', query: 'mock' } });

    // the key form, streamed: each call is an output item added then done, and response.completed lists it
    const stream = new OpenAI({ apiKey: 'mock-web-search-calls-1', baseURL: `${mock.url}/v1`, maxRetries: 0 }).responses.stream({ model: 'gpt-4o', input: 'hi' });
    const added: string[] = [];
    stream.on('response.output_item.added', (e) => added.push(e.item.type));
    const final = await stream.finalResponse();
    expect(added).toEqual(['web_search_call', 'message']);
    expect(final.output.map((item) => item.type)).toEqual(['web_search_call', 'message']);
  });
});

