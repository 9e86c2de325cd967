import { describe, expect, it } from 'vitest';
import { ChatChunksToOpenAiFrames } from './chat-chunks-to-openai-frames.js';
import { OpenAiChunkSource } from './openai-chunk-source.js';
import { OpenAiPassthroughStream } from './openai-passthrough-stream.js';

const ctx = (includeUsage: boolean) => ({ includeUsage, model: 'm', requestId: 'r1', now: () => 1_000_000 });
const data = (o: unknown) => ({ data: JSON.stringify(o) });
const text = (content: string) => data({ id: 'c1', created: 7, model: 'up', choices: [{ index: 0, delta: { content }, finish_reason: null }] });
const usageOnly = data({ id: 'c1', choices: [], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } });

describe('OpenAiPassthroughStream', () => {
  it('forwards chunks as sent and writes [DONE] once, never the upstream\'s', () => {
    const t = new OpenAiPassthroughStream(ctx(false));
    expect(t.push(text('a'))).toBe(`data: ${text('a').data}\n\n`);
    expect(t.push({ data: '[DONE]' })).toBe('');
    expect(t.end({ prompt_tokens: 1 })).toBe('data: [DONE]\n\n');
    expect(t.end({ prompt_tokens: 1 })).toBe('');
    expect(t.delivered()).toEqual({ text: 'a', maxToolCalls: 0 });
  });

  it.each([
    [false, '', 'drops the usage chunk the client did not ask for'],
    [true, `data: ${usageOnly.data}\n\n`, 'forwards the usage chunk the client asked for'],
  ])('include_usage %s: %s', (include, forwarded) => {
    const t = new OpenAiPassthroughStream(ctx(include));
    expect(t.push(usageOnly)).toBe(forwarded);
    expect(t.usage()).toMatchObject({ completion_tokens: 2 });
    expect(t.end({ prompt_tokens: 9 })).toBe('data: [DONE]\n\n');
  });

  it('writes the usage chunk the client asked for when the upstream sent none, with the last chunk\'s identity', () => {
    const t = new OpenAiPassthroughStream(ctx(true));
    t.push(text('a'));
    const closing = t.end({ prompt_tokens: 4, completion_tokens: 1, total_tokens: 5 });
    const [usageFrame, done] = closing.split('\n\n');
    expect(JSON.parse(usageFrame!.slice(6))).toMatchObject({ id: 'c1', created: 7, model: 'up', choices: [], usage: { prompt_tokens: 4 } });
    expect(done).toBe('data: [DONE]');
  });

  it('reports an error chunk as the upstream\'s failure and closes without a second error body', () => {
    const t = new OpenAiPassthroughStream(ctx(false));
    t.push(text('a'));
    expect(t.push(data({ error: { message: 'overloaded', type: 'server_error', code: 'x' } }))).toContain('overloaded');
    expect(t.upstreamFailure()).toMatchObject({ status: 500, message: 'overloaded', type: 'server_error', code: 'x' });
    expect(t.fail({ status: 500, message: 'overloaded', type: 'server_error', code: 'x' })).toBe('data: [DONE]\n\n');
  });

  it('a failure of its own is one error event with the request id, then [DONE]', () => {
    const t = new OpenAiPassthroughStream(ctx(false));
    const out = t.fail({ status: 502, message: 'upstream stream broke', type: 'upstream_error', code: 'stream_error' });
    expect(out).toBe('data: {"error":{"message":"upstream stream broke (request id: r1)","type":"upstream_error","param":"","code":"stream_error"}}\n\ndata: [DONE]\n\n');
  });
});

describe('OpenAiChunkSource and ChatChunksToOpenAiFrames', () => {
  it('reads chunks and usage, skips [DONE] and garbage, and stops at an error chunk', () => {
    const s = new OpenAiChunkSource();
    expect(s.push(text('a')).chunks).toHaveLength(1);
    expect(s.push({ data: 'not json' })).toEqual({ chunks: [], failure: null });
    expect(s.push({ data: '[DONE]' }).chunks).toHaveLength(0);
    s.push(usageOnly);
    expect(s.usage()).toMatchObject({ prompt_tokens: 3 });
    expect(s.push(data({ error: 'quota exceeded' })).failure).toMatchObject({ message: 'quota exceeded' });
    expect(s.push(text('b')).chunks).toHaveLength(0);
  });

  it('writes translated chunks without their usage, then the billed usage when asked, then [DONE]', () => {
    const sink = new ChatChunksToOpenAiFrames(ctx(true));
    const chunk = { id: 'c9', object: 'chat.completion.chunk' as const, created: 3, model: 'm', choices: [{ index: 0, delta: { content: 'x' }, finish_reason: null }], usage: { prompt_tokens: 1 } };
    expect(JSON.parse(sink.push(chunk).slice(6))).not.toHaveProperty('usage');
    const closing = sink.end({ prompt_tokens: 8, completion_tokens: 2, total_tokens: 10 });
    expect(JSON.parse(closing.split('\n\n')[0]!.slice(6))).toMatchObject({ id: 'c9', created: 3, choices: [], usage: { prompt_tokens: 8 } });
    expect(closing.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(new ChatChunksToOpenAiFrames(ctx(false)).end({})).toBe('data: [DONE]\n\n');
  });
});
