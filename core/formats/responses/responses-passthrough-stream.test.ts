import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { READ_SIZES, replaySse } from '../replay-sse-fixture.js';
import { ResponsesPassthroughStream } from './responses-passthrough-stream.js';

const fixture = new URL('./__fixtures__/responses-stream.sse', import.meta.url);

function run(readSize: number) {
  const t = new ResponsesPassthroughStream();
  let out = '';
  for (const ev of replaySse(fixture, readSize)) out += t.push(ev);
  out += t.end();
  return { out, usage: t.usage() };
}

describe('ResponsesPassthroughStream', () => {
  it.each(READ_SIZES)('forwards every event byte for byte and reads usage from response.completed (%i-byte reads)', (size) => {
    const { out, usage } = run(size);
    expect(out).toBe(readFileSync(fixture, 'utf8'));
    expect(usage).toEqual({ prompt_tokens: 120, completion_tokens: 9, total_tokens: 129, prompt_tokens_details: { cached_tokens: 100 }, completion_tokens_details: { reasoning_tokens: 4 } });
  });

  it('reports no usage when the stream never completed, and fails with the next sequence number', () => {
    const t = new ResponsesPassthroughStream();
    t.push({ event: 'response.created', data: '{"type":"response.created","sequence_number":0}' });
    t.push({ event: 'response.output_text.delta', data: '{"type":"response.output_text.delta","sequence_number":1,"delta":"x"}' });
    expect(t.usage()).toBeNull();
    const frame = t.fail({ status: 504, message: 'stream idle timeout', type: 'upstream_error', code: 'stream_timeout' });
    expect(frame).toBe('event: error\ndata: {"type":"error","sequence_number":2,"code":"stream_timeout","message":"stream idle timeout","param":null}\n\n');
    expect(t.push({ data: '{"type":"late"}' })).toBe('');
  });

  it('counts the built-in tool calls listed in response.completed, not those of earlier events', () => {
    const t = new ResponsesPassthroughStream();
    const web = { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'q' } };
    const file = { type: 'file_search_call', id: 'fs_1', status: 'completed', queries: ['q'], results: null };
    t.push({ event: 'response.output_item.done', data: JSON.stringify({ type: 'response.output_item.done', sequence_number: 0, output_index: 0, item: web }) });
    expect(t.toolCalls()).toEqual({ webSearch: 0, fileSearch: 0 });
    const output = [web, { ...web, id: 'ws_2' }, file, { type: 'message', content: [] }];
    t.push({ event: 'response.completed', data: JSON.stringify({ type: 'response.completed', sequence_number: 1, response: { output, usage: { input_tokens: 1, output_tokens: 2, total_tokens: 3 } } }) });
    expect(t.toolCalls()).toEqual({ webSearch: 2, fileSearch: 1 });
  });

  it('counts the calls of a response.incomplete too', () => {
    const t = new ResponsesPassthroughStream();
    t.push({ data: JSON.stringify({ type: 'response.incomplete', sequence_number: 0, response: { output: [{ type: 'web_search_call' }] } }) });
    expect(t.toolCalls()).toEqual({ webSearch: 1, fileSearch: 0 });
  });
});
