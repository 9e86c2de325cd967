import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { READ_SIZES, replaySse } from '../replay-sse-fixture.js';
import { CLAUDE_FIXTURES, fixtureUrl } from './__fixtures__/claude-fixture-expectations.js';
import { SEARCH_STREAMS } from './__fixtures__/claude-search-streams.js';
import { ClaudePassthroughStream } from './claude-passthrough-stream.js';

function run(file: string, readSize: number) {
  const t = new ClaudePassthroughStream();
  let out = '';
  for (const ev of replaySse(fixtureUrl(file), readSize)) out += t.push(ev);
  return { t, out };
}

describe('ClaudePassthroughStream', () => {
  describe.each(CLAUDE_FIXTURES)('$file', ({ file, usage, failure }) => {
    it.each(READ_SIZES)('forwards every frame byte for byte and reads the usage (%i-byte reads)', (size) => {
      const { t, out } = run(file, size);
      expect(out + t.end()).toBe(readFileSync(fixtureUrl(file), 'utf8'));
      expect(t.usage()).toEqual(usage);
      expect(t.upstreamFailure()).toEqual(failure);
    });
  });

  it('lets the upstream error frame stand alone: no second frame, nothing after it', () => {
    const { t } = run('claude-error-mid-stream.sse', 11);
    expect(t.fail({ status: 502, message: 'upstream stream interrupted', type: 'upstream_error', code: 'stream_interrupted' })).toBe('');
    expect(t.push({ event: 'ping', data: '{"type":"ping"}' })).toBe('');
  });

  it('ends a stream that died with its own error frame', () => {
    const t = new ClaudePassthroughStream();
    t.push({ event: 'message_start', data: '{"type":"message_start","message":{"usage":{"input_tokens":5,"output_tokens":1}}}' });
    expect(t.usage()).toBeNull();
    const frame = t.fail({ status: 502, message: 'upstream stream interrupted (ECONNRESET)', type: 'upstream_error', code: 'stream_interrupted' });
    expect(frame).toBe('event: error\ndata: {"type":"error","error":{"type":"api_error","message":"upstream stream interrupted (ECONNRESET)"}}\n\n');
    expect(t.end()).toBe('');
  });

  it.each(SEARCH_STREAMS)('reports the web searches to bill: %s', (_name, events, searches) => {
    const t = new ClaudePassthroughStream();
    for (const data of events) expect(t.push({ event: JSON.parse(data).type, data })).toContain(data);
    expect(t.toolCalls()).toEqual({ webSearch: 0, fileSearch: 0, claudeWebSearch: searches });
  });

  it('keeps the input side from message_start when message_delta restates only the output', () => {
    const t = new ClaudePassthroughStream();
    t.push({ event: 'message_start', data: '{"type":"message_start","message":{"usage":{"input_tokens":7,"cache_read_input_tokens":90,"output_tokens":1}}}' });
    t.push({ event: 'message_delta', data: '{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"input_tokens":0,"output_tokens":4}}' });
    expect(t.usage()).toEqual({ prompt_tokens: 97, completion_tokens: 4, total_tokens: 101, prompt_tokens_details: { cached_tokens: 90, cached_creation_tokens: 0 } });
  });
});
