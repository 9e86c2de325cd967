import { describe, expect, it } from 'vitest';
import type { RelayFailure } from '../format-contracts.js';
import type { ChatChunk } from '../openai/chat-types.js';
import { READ_SIZES, replaySse } from '../replay-sse-fixture.js';
import { CLAUDE_FIXTURES, fixtureUrl } from './__fixtures__/claude-fixture-expectations.js';
import { SEARCH_STREAMS } from './__fixtures__/claude-search-streams.js';
import { readChatChunks } from './__fixtures__/read-chat-chunks.js';
import { ClaudeEventsToChatChunks } from './claude-events-to-chat-chunks.js';

function run(file: string, readSize: number) {
  const t = new ClaudeEventsToChatChunks('fallback-model', 1750000000);
  const chunks: ChatChunk[] = [];
  let failure: RelayFailure | null = null;
  for (const ev of replaySse(fixtureUrl(file), readSize)) {
    const step = t.push(ev);
    chunks.push(...step.chunks);
    failure ??= step.failure;
  }
  return { chunks, failure, usage: t.usage() };
}

describe('ClaudeEventsToChatChunks', () => {
  describe.each(CLAUDE_FIXTURES)('$file', ({ file, usage, failure, ...summary }) => {
    it.each(READ_SIZES)('gives the same text, reasoning, tool calls, finish reason and usage at %i-byte reads', (size) => {
      const out = run(file, size);
      expect(readChatChunks(out.chunks)).toEqual(summary);
      expect(out.usage).toEqual(usage);
      expect(out.failure).toEqual(failure);
      expect(out.chunks).toEqual(run(file, 1 << 16).chunks);
    });

    it('sends no chunk without content (only the opening role chunk is empty)', () => {
      const [first, ...rest] = run(file, 1 << 16).chunks;
      expect(first!.choices[0]!.delta).toEqual({ role: 'assistant', content: '' });
      for (const c of rest) {
        const { delta, finish_reason } = c.choices[0]!;
        expect(Boolean(delta.content || delta.reasoning_content || delta.tool_calls?.length || finish_reason)).toBe(true);
      }
    });
  });

  it('names the call once, then streams its 50 argument fragments on the same index', () => {
    const calls = run('claude-tool-call-50-deltas.sse', 5).chunks.flatMap((c) => c.choices[0]!.delta.tool_calls ?? []);
    expect(calls[0]).toEqual({ index: 0, id: 'toolu_01Weather', type: 'function', function: { name: 'get_weather', arguments: '' } });
    expect(calls.slice(1)).toHaveLength(50);
    for (const c of calls.slice(1)) expect(Object.keys(c.function!)).toEqual(['arguments']);
  });

  it('keeps the upstream message id and model on every chunk', () => {
    const { chunks } = run('claude-plain-text.sse', 3);
    expect(new Set(chunks.map((c) => `${c.id} ${c.model} ${c.created}`))).toEqual(new Set(['msg_01PlainText claude-sonnet-4-20250514 1750000000']));
  });

  it('sends text and thinking a block opens with (hosts that put the first words in content_block_start)', () => {
    const t = new ClaudeEventsToChatChunks('m', 1);
    const starts = [
      '{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"Hmm"}}',
      '{"type":"content_block_start","index":1,"content_block":{"type":"text","text":"Hello"}}',
    ];
    expect(readChatChunks(starts.flatMap((data) => t.push({ data }).chunks))).toMatchObject({ reasoning: 'Hmm', content: 'Hello' });
  });

  it('ignores what follows an upstream error, and data that is not an event', () => {
    const t = new ClaudeEventsToChatChunks('m', 1);
    expect(t.push({ data: 'not json' })).toEqual({ chunks: [], failure: null });
    expect(t.push({ event: 'error', data: '{"type":"error","error":{"type":"rate_limit_error","message":"slow down"}}' }).failure).toEqual({
      status: 429,
      message: 'slow down',
      type: 'rate_limit_error',
      code: 'rate_limit_error',
    });
    expect(t.push({ data: '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"late"}}' }).chunks).toEqual([]);
  });
});

describe('ClaudeEventsToChatChunks web searches', () => {
  it.each(SEARCH_STREAMS)('reports the web searches to bill: %s', (_name, events, searches) => {
    const t = new ClaudeEventsToChatChunks('m', 0);
    for (const data of events) t.push({ data });
    expect(t.toolCalls()).toEqual({ webSearch: 0, fileSearch: 0, claudeWebSearch: searches });
  });
});
