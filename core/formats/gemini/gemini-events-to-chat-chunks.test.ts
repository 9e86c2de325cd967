import { describe, expect, it } from 'vitest';
import type { RelayFailure } from '../format-contracts.js';
import type { ChatChunk } from '../openai/chat-types.js';
import { READ_SIZES, replaySse } from '../replay-sse-fixture.js';
import { GeminiEventsToChatChunks } from './gemini-events-to-chat-chunks.js';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);
const META = { id: 'chatcmpl-g1', model: 'gemini-2.5-flash', created: 1_700_000_000 };

/** Replays a recorded Gemini stream through the translator, as the relay reads it. */
function replay(name: string, readSize = 7) {
  const t = new GeminiEventsToChatChunks(META);
  const chunks: ChatChunk[] = [];
  let failure: RelayFailure | null = null;
  for (const ev of replaySse(fixture(name), readSize)) {
    const step = t.push(ev);
    chunks.push(...step.chunks);
    failure ??= step.failure;
  }
  return { chunks, failure, usage: t.usage() };
}

const deltas = (chunks: ChatChunk[]) => chunks.map((c) => c.choices[0]!.delta);
const joined = (chunks: ChatChunk[], key: 'content' | 'reasoning_content') => deltas(chunks).map((d) => d[key] ?? '').join('');
const finishes = (chunks: ChatChunk[]) => chunks.map((c) => c.choices[0]!.finish_reason).filter(Boolean);

describe('GeminiEventsToChatChunks', () => {
  it('streams text deltas with the role first, the finish reason last and the last usageMetadata', () => {
    const { chunks, failure, usage } = replay('gemini-plain-text.sse');
    expect(failure).toBeNull();
    expect(joined(chunks, 'content')).toBe('你好，世界🙂! Ça va?');
    expect(deltas(chunks)[0]).toEqual({ role: 'assistant', content: '你好，' });
    expect(deltas(chunks).slice(1).some((d) => 'role' in d)).toBe(false);
    expect(finishes(chunks)).toEqual(['stop']);
    expect(chunks.every((c) => c.id === META.id && c.model === META.model && c.object === 'chat.completion.chunk')).toBe(true);
    expect(usage).toEqual({ prompt_tokens: 9, completion_tokens: 7, total_tokens: 16, prompt_tokens_details: { text_tokens: 9 } });
  });

  it('turns each functionCall into one complete tool call with its own index and a stable id', () => {
    const { chunks, usage } = replay('gemini-function-call.sse');
    expect(joined(chunks, 'content')).toBe('Let me check.');
    const calls = deltas(chunks).flatMap((d) => d.tool_calls ?? []);
    expect(calls).toEqual([
      {
        index: 0,
        id: 'call_g1_0_0',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Paris","days":[1,2,3],"note":"naïve café ☕ — 天气"}' },
        extra_content: { google: { thought_signature: 'c2lnLTE=' } },
      },
      { index: 1, id: 'call_g1_0_1', type: 'function', function: { name: 'get_time', arguments: '{"tz":"Europe/Paris"}' } },
    ]);
    expect(finishes(chunks)).toEqual(['tool_calls']);
    expect(usage).toMatchObject({ prompt_tokens: 40, completion_tokens: 25 });
  });

  it('streams thoughts as reasoning_content, and bills thoughts as completion with cached tokens inside the prompt', () => {
    const { chunks, usage } = replay('gemini-thoughts.sse');
    expect(joined(chunks, 'reasoning_content')).toBe('**Planning**\nThe user greets me; answer briefly.');
    expect(joined(chunks, 'content')).toBe('Hello — nice to meet you.');
    expect(usage).toEqual({
      prompt_tokens: 2048,
      completion_tokens: 28,
      total_tokens: 2076,
      prompt_tokens_details: { cached_tokens: 2000 },
      completion_tokens_details: { reasoning_tokens: 22 },
    });
  });

  it('reports no usage when the upstream sent no usageMetadata', () => {
    const { chunks, usage } = replay('gemini-no-usage.sse');
    expect(joined(chunks, 'content')).toBe('No usage here.');
    expect(finishes(chunks)).toEqual(['stop']);
    expect(usage).toBeNull();
  });

  it('reports an error body mid-stream as a RelayFailure, keeping what came before and the usage seen', () => {
    const { chunks, failure, usage } = replay('gemini-error-mid-stream.sse');
    expect(joined(chunks, 'content')).toBe('Partial answer');
    expect(failure).toEqual({ status: 503, message: 'The model is overloaded. Please try again later.', type: 'upstream_error', code: 'UNAVAILABLE' });
    expect(usage).toEqual({ prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 });
  });

  it('skips events of unknown shape and candidates without content', () => {
    const { chunks, failure } = replay('gemini-unknown-event.sse');
    expect(failure).toBeNull();
    expect(deltas(chunks)).toEqual([{ role: 'assistant' }, { content: 'ok' }, {}]);
    expect(finishes(chunks)).toEqual(['stop']);
  });

  it('sends no chunk for an empty text part', () => {
    const { chunks } = replay('gemini-empty-text-part.sse');
    expect(deltas(chunks)).toEqual([{ role: 'assistant' }, { content: 'Only this.' }, {}]);
    expect(finishes(chunks)).toEqual(['length']);
  });

  const fixtures = ['gemini-plain-text.sse', 'gemini-function-call.sse', 'gemini-thoughts.sse', 'gemini-error-mid-stream.sse', 'gemini-unknown-event.sse'];
  it.each(READ_SIZES)('gives the same chunks, failure and usage whatever the read size (%i bytes)', (size) => {
    for (const name of fixtures) expect(replay(name, size)).toEqual(replay(name, 4096));
  });
});
