import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChatChunk, OpenAiUsage } from '../openai/chat-types.js';
import { READ_SIZES, replaySse } from '../replay-sse-fixture.js';
import { fixtureUrl, WEATHER_ARGUMENTS } from './__fixtures__/claude-fixture-expectations.js';
import { readClaudeFrames } from './__fixtures__/read-claude-frames.js';
import { ChatChunksToClaudeEvents } from './chat-chunks-to-claude-events.js';
import { ClaudeEventsToChatChunks } from './claude-events-to-chat-chunks.js';

const ESTIMATE = 99;
/** what billing settles when the upstream reported nothing */
const COUNTED: OpenAiUsage = { prompt_tokens: ESTIMATE, completion_tokens: 3, total_tokens: 102 };

function run(file: string, readSize: number) {
  const t = new ChatChunksToClaudeEvents('gpt-4o', ESTIMATE, 1750000000);
  let out = '';
  for (const ev of replaySse(fixtureUrl(file), readSize)) if (ev.data !== '[DONE]') out += t.push(JSON.parse(ev.data) as ChatChunk);
  const upstream = t.usage();
  out += t.end(upstream ?? COUNTED);
  return { out, upstream, read: readClaudeFrames(out) };
}

const deltas = (index: number, n: number) => Array.from({ length: n }, () => `content_block_delta:${index}`);
const start = { input_tokens: ESTIMATE, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };

const cases = [
  {
    file: 'chat-plain-text.sse',
    order: ['message_start', 'content_block_start:0', ...deltas(0, 3), 'content_block_stop:0', 'message_delta', 'message_stop'],
    blocks: [{ type: 'text', text: '你好，世界 🌍! Ça va?' }],
    stopReason: 'end_turn',
    // prompt 40 of which 32 cached: Claude counts the 8 uncached apart from the cache read
    usage: { input_tokens: 8, output_tokens: 12, cache_creation_input_tokens: 0, cache_read_input_tokens: 32 },
  },
  {
    file: 'chat-tool-call-50-chunks.sse',
    order: [
      'message_start',
      'content_block_start:0',
      ...deltas(0, 1),
      'content_block_stop:0',
      'content_block_start:1',
      ...deltas(1, 50),
      'content_block_start:2',
      ...deltas(2, 1),
      'content_block_stop:1',
      'content_block_stop:2',
      'message_delta',
      'message_stop',
    ],
    blocks: [
      { type: 'text', text: 'Checking.' },
      { type: 'tool_use', id: 'call_weather', name: 'get_weather', text: WEATHER_ARGUMENTS },
      { type: 'tool_use', id: 'call_time', name: 'get_time', text: '{"tz":"Asia/Tokyo"}' },
    ],
    stopReason: 'tool_use',
    usage: { input_tokens: 120, output_tokens: 64, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  },
  {
    file: 'chat-no-usage.sse',
    order: ['message_start', 'content_block_start:0', ...deltas(0, 2), 'content_block_stop:0', 'message_delta', 'message_stop'],
    blocks: [{ type: 'text', text: 'Truncated answer' }],
    stopReason: 'max_tokens',
    usage: { input_tokens: ESTIMATE, output_tokens: 3, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  },
  {
    file: 'chat-empty-delta.sse',
    order: ['message_start', 'content_block_start:0', ...deltas(0, 1), 'content_block_stop:0', 'message_delta', 'message_stop'],
    blocks: [{ type: 'text', text: 'Hi' }],
    stopReason: 'end_turn',
    usage: { input_tokens: ESTIMATE, output_tokens: 3, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  },
];

describe('ChatChunksToClaudeEvents', () => {
  describe.each(cases)('$file', ({ file, order, blocks, stopReason, usage }) => {
    it.each(READ_SIZES)('writes the same frames at %i-byte reads', (size) => {
      const { out, read } = run(file, size);
      expect(out).toBe(run(file, 1 << 16).out);
      expect(read.order).toEqual(order);
      expect(read.blocks).toEqual(blocks);
      expect(read.stopReason).toBe(stopReason);
      expect(read.usage).toEqual(usage);
      expect(read.startUsage).toEqual(start);
      expect(read.unclosed).toEqual([]);
    });
  });

  it('reports the usage the upstream chunks carried, or none', () => {
    expect(run('chat-plain-text.sse', 9).upstream).toEqual({ prompt_tokens: 40, completion_tokens: 12, total_tokens: 52, prompt_tokens_details: { cached_tokens: 32, audio_tokens: 0 } });
    expect(run('chat-no-usage.sse', 9).upstream).toBeNull();
  });

  it('numbers thinking, text and tool blocks in the order they open', () => {
    const t = new ChatChunksToClaudeEvents('m', 5, 7);
    const chunk = (delta: ChatChunk['choices'][number]['delta'], finish: ChatChunk['choices'][number]['finish_reason'] = null): ChatChunk => ({
      id: 'chatcmpl-x',
      object: 'chat.completion.chunk',
      created: 7,
      model: 'm',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    let out = t.push(chunk({ reasoning_content: 'hmm' })) + t.push(chunk({ reasoning: ' ok' })) + t.push(chunk({ content: 'Sure.' }));
    // an upstream that leaves out the call's index (its place in the array stands in) and ends it with "stop"
    const indexless = '{"id":"c","object":"chat.completion.chunk","created":7,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"id":"call_1","function":{"name":"f","arguments":"{}"}}]},"finish_reason":"stop"}]}';
    out += t.push(JSON.parse(indexless) as ChatChunk);
    out += t.end({ prompt_tokens: 5, completion_tokens: 1 });
    const read = readClaudeFrames(out);
    expect(read.blocks).toEqual([
      { type: 'thinking', text: 'hmm ok' },
      { type: 'text', text: 'Sure.' },
      { type: 'tool_use', id: 'call_1', name: 'f', text: '{}' },
    ]);
    expect(read.order).toContain('content_block_stop:1');
    expect(read.stopReason).toBe('tool_use');
  });

  it('opens and closes a message even when the upstream sent no chunk', () => {
    const read = readClaudeFrames(new ChatChunksToClaudeEvents('gpt-4o', 12, 1750000000).end({ prompt_tokens: 12, completion_tokens: 0 }));
    expect(read.order).toEqual(['message_start', 'message_delta', 'message_stop']);
    expect(read.stopReason).toBe('end_turn');
  });

  it('ends a failed stream with one error frame and writes nothing after it', () => {
    const t = new ChatChunksToClaudeEvents('gpt-4o', 12, 1750000000);
    t.push({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o', choices: [{ index: 0, delta: { content: 'par' }, finish_reason: null }] });
    const frame = t.fail({ status: 504, message: 'stream idle timeout', type: 'upstream_error', code: 'stream_timeout' });
    expect(frame).toBe('event: error\ndata: {"type":"error","error":{"type":"timeout_error","message":"stream idle timeout"}}\n\n');
    expect(t.end({ prompt_tokens: 1 })).toBe('');
    expect(t.fail({ status: 500, message: 'again', type: 'x', code: null })).toBe('');
  });

  it.each([
    ['claude-tool-call-50-deltas.sse', { input_tokens: 30, output_tokens: 87, cache_creation_input_tokens: 200, cache_read_input_tokens: 1000 }],
    ['claude-thinking-signature.sse', { input_tokens: 40, output_tokens: 40, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }],
  ])('carries %s through the hub and back: same blocks, stop reason, and Claude usage', (file, usage) => {
    const claudeToChat = new ClaudeEventsToChatChunks('m', 1);
    const chatToClaude = new ChatChunksToClaudeEvents('m', 0, 1);
    let out = '';
    for (const ev of replaySse(fixtureUrl(file), 4)) for (const c of claudeToChat.push(ev).chunks) out += chatToClaude.push(c);
    out += chatToClaude.end(claudeToChat.usage()!);
    const original = readClaudeFrames(readFileSync(fixtureUrl(file), 'utf8'));
    const back = readClaudeFrames(out);
    expect(back.blocks).toEqual(original.blocks);
    expect(back.stopReason).toBe(original.stopReason);
    expect(back.usage).toEqual(usage);
  });
});
