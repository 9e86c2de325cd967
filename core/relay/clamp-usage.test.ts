import { describe, expect, it } from 'vitest';
import type { OpenAiUsage } from '../formats/openai/chat-types.js';
import { clampUsage } from './clamp-usage.js';
import { MAX_TOKENS_PER_REQUEST } from './usage-bounds.js';

const bounds = { prompt: 1000, completion: 50 };

describe('clampUsage', () => {
  it.each<[string, OpenAiUsage, [number | undefined, number | undefined, number | undefined], string[]]>([
    ['in bounds: untouched', { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 }, [10, 20, 30], []],
    ['exactly at the bounds', { prompt_tokens: 1000, completion_tokens: 50 }, [1000, 50, undefined], []],
    ['absurd counts', { prompt_tokens: 1e15, completion_tokens: 1e15, total_tokens: 2e15 }, [1000, 50, 1050], ['prompt_tokens', 'completion_tokens']],
    ['negative prompt', { prompt_tokens: -5, completion_tokens: 10, total_tokens: 5 }, [0, 10, 10], ['prompt_tokens']],
    ['fractions', { prompt_tokens: 10.7, completion_tokens: 2.2 }, [10, 2, 12], ['prompt_tokens', 'completion_tokens']],
    ['NaN, Infinity, strings', { prompt_tokens: Number.NaN, completion_tokens: Number.POSITIVE_INFINITY, total_tokens: 1 } as OpenAiUsage, [0, 50, 50], ['prompt_tokens', 'completion_tokens']],
    ['a count sent as a string', { prompt_tokens: '100' as unknown as number, completion_tokens: 5 }, [0, 5, 5], ['prompt_tokens']],
    ['missing fields are not clamps', { completion_tokens: 5 }, [undefined, 5, undefined], []],
  ])('%s', (_name, usage, [prompt, completion, total], clamped) => {
    const r = clampUsage(usage, bounds);
    expect([r.usage.prompt_tokens, r.usage.completion_tokens, r.usage.total_tokens]).toEqual([prompt, completion, total]);
    expect(r.clamped).toEqual(clamped);
  });

  it('allows reported reasoning on top of max_tokens, never past the absolute cap', () => {
    const thinking = { prompt_tokens: 10, completion_tokens: 250, completion_tokens_details: { reasoning_tokens: 200 } };
    expect(clampUsage(thinking, bounds)).toEqual({ usage: thinking, clamped: [] });
    const over = clampUsage({ ...thinking, completion_tokens: 251 }, bounds);
    expect([over.usage.completion_tokens, over.clamped]).toEqual([250, ['completion_tokens']]);
    const absurd = clampUsage({ prompt_tokens: 1, completion_tokens: 1e15, completion_tokens_details: { reasoning_tokens: 1e15 } }, bounds);
    expect(absurd.usage.completion_tokens).toBe(MAX_TOKENS_PER_REQUEST);
  });

  it('keeps cached tokens within the (clamped) prompt', () => {
    const r = clampUsage({ prompt_tokens: 1e9, completion_tokens: 1, prompt_tokens_details: { cached_tokens: 5e8, audio_tokens: 0 } }, bounds);
    expect(r.usage.prompt_tokens_details).toEqual({ cached_tokens: 1000, audio_tokens: 0 });
    expect(r.clamped).toEqual(['prompt_tokens', 'cached_tokens']);
    expect(clampUsage({ prompt_tokens: 10, prompt_tokens_details: { cached_tokens: 20 } }, bounds).usage.prompt_tokens_details?.cached_tokens).toBe(10);
  });

  it('returns the same object when nothing was out of bounds', () => {
    const usage = { prompt_tokens: 1, completion_tokens: 1, prompt_tokens_details: { cached_tokens: 1 } };
    expect(clampUsage(usage, bounds).usage).toBe(usage);
  });
});
