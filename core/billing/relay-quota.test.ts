import { describe, expect, it } from 'vitest';
import { claudeUsageToOpenAi } from '../formats/claude/claude-usage.js';
import { geminiUsageToOpenAi } from '../formats/gemini/gemini-usage.js';
import { responsesUsageToOpenAi } from '../formats/responses/responses-usage.js';
import type { TextUsage } from './compute-quota.js';
import { defaultPriceSettings, type PriceSettings } from './price-settings.js';
import { computeRelayQuota, textUsageFromReport, type UsageReport, type UsageSemantic } from './relay-quota.js';
import { type ResolvedPrice, resolvePrice } from './resolve-price.js';

const s: PriceSettings = { ...defaultPriceSettings(), groupRatio: { default: 1, half: 0.5, double: 2 } };

function priceOf(model: string, group = 'default'): ResolvedPrice {
  const p = resolvePrice(model, group, s, false);
  if (!p.ok) throw new Error(p.message);
  return p;
}

/** A ratio price with round numbers, for the formats whose models have no default ratio at B (Gemini 2.5). */
const ratioPrice = (modelRatio: number, completionRatio: number, cacheRatio: number): ResolvedPrice => ({
  ok: true,
  usePrice: false,
  modelPrice: -1,
  modelRatio,
  completionRatio,
  cacheRatio,
  cacheCreationRatio: 1.25,
  imageRatio: 1,
  groupRatio: 1,
});

/** Claude's usage as the relay sees it: normalized by the Claude format (reads and writes inside prompt_tokens). */
const fromClaude = (input: number, output: number, read = 0, write = 0): UsageReport =>
  claudeUsageToOpenAi({ input_tokens: input, output_tokens: output, cache_read_input_tokens: read, cache_creation_input_tokens: write })!;

describe('textUsageFromReport', () => {
  it.each<[string, UsageReport, TextUsage]>([
    [
      'OpenAI chat usage with cached tokens',
      { prompt_tokens: 1000, completion_tokens: 100, total_tokens: 1100, prompt_tokens_details: { cached_tokens: 800 } },
      { prompt_tokens: 1000, completion_tokens: 100, cached_tokens: 800, cache_creation_tokens: 0, cache_creation_1h_tokens: 0, image_tokens: 0, audio_tokens: 0 },
    ],
    [
      'DeepSeek’s prompt_cache_hit_tokens',
      { prompt_tokens: 10000, completion_tokens: 1000, prompt_cache_hit_tokens: 8000 },
      { prompt_tokens: 10000, completion_tokens: 1000, cached_tokens: 8000, cache_creation_tokens: 0, cache_creation_1h_tokens: 0, image_tokens: 0, audio_tokens: 0 },
    ],
    [
      'Claude usage through the Claude format: reads and writes inside the prompt, 1-hour writes under L’s key',
      { ...fromClaude(100, 50, 1000, 200), claude_cache_creation_1_h_tokens: 80 },
      { prompt_tokens: 1300, completion_tokens: 50, cached_tokens: 1000, cache_creation_tokens: 200, cache_creation_1h_tokens: 80, image_tokens: 0, audio_tokens: 0 },
    ],
    [
      'image and audio prompt details',
      { prompt_tokens: 1000, completion_tokens: 4000, prompt_tokens_details: { image_tokens: 600, audio_tokens: 50 } },
      { prompt_tokens: 1000, completion_tokens: 4000, cached_tokens: 0, cache_creation_tokens: 0, cache_creation_1h_tokens: 0, image_tokens: 600, audio_tokens: 50 },
    ],
    [
      'anything that is not a count reads as 0',
      { prompt_tokens: -3, completion_tokens: 1.5, prompt_tokens_details: { cached_tokens: '7', cached_creation_tokens: null } },
      { prompt_tokens: 0, completion_tokens: 0, cached_tokens: 0, cache_creation_tokens: 0, cache_creation_1h_tokens: 0, image_tokens: 0, audio_tokens: 0 },
    ],
    ['null details', { prompt_tokens: 5, completion_tokens: 1, prompt_tokens_details: null }, { prompt_tokens: 5, completion_tokens: 1, cached_tokens: 0, cache_creation_tokens: 0, cache_creation_1h_tokens: 0, image_tokens: 0, audio_tokens: 0 }],
  ])('%s', (_name, report, expected) => {
    expect(textUsageFromReport(report)).toEqual(expected);
  });
});

describe('computeRelayQuota', () => {
  // Hand-computed. claude-sonnet-4: ModelRatio 1.5, CompletionRatio 5, CacheRatio 0.1, CacheCreationRatio 1.25
  // (1-hour writes 1.25 × 6 / 3.75 = 2); claude-3-haiku: 0.125; claude-opus-4: 7.5; gpt-4o: 1.25, 4, cache 0.5.
  it.each<[string, ResolvedPrice, UsageReport, UsageSemantic, number, number]>([
    // name, price, usage, semantic, quota, log prompt tokens
    ['Claude: (100 + 1000×0.1 + 200×1.25 + 50×5) × 1.5', priceOf('claude-sonnet-4-20250514'), fromClaude(100, 50, 1000, 200), 'claude', 1050, 100],
    [
      'Claude, 80 of the writes for 1 hour: (100 + 100 + 120×1.25 + 80×2 + 250) × 1.5',
      priceOf('claude-sonnet-4-20250514'),
      { ...fromClaude(100, 50, 1000, 200), claude_cache_creation_1_h_tokens: 80 },
      'claude',
      1140,
      100,
    ],
    ['Claude truncates: 15 × 0.125 = 1.875', priceOf('claude-3-haiku-20240307'), fromClaude(15, 0), 'claude', 1, 15],
    ['Claude group 2: (10 + 10×5) × 2 × 7.5', priceOf('claude-opus-4-20250514', 'double'), fromClaude(10, 10), 'claude', 900, 10],
    ['Claude group 0.5: (1000 + 100×5) × 0.5 × 1.5 = 1125', priceOf('claude-sonnet-4-20250514', 'half'), fromClaude(1000, 100), 'claude', 1125, 1000],
    ['Claude, per call: 0.1 × 500 000 × 2', priceOf('gpt-4-gizmo-g-abc', 'double'), fromClaude(1, 1), 'claude', 100000, 1],
    // The same usage through an OpenAI-format client: the same formula with exact decimals, rounded.
    ['OpenAI client, Claude channel: (1300 − 1000 − 200 + 100 + 250 + 250) × 1.5', priceOf('claude-sonnet-4-20250514'), fromClaude(100, 50, 1000, 200), 'openai', 1050, 1300],
    [
      'OpenAI client, 1-hour writes: (100 + 100 + 120×1.25 + 80×2 + 250) × 1.5',
      priceOf('claude-sonnet-4-20250514'),
      { ...fromClaude(100, 50, 1000, 200), claude_cache_creation_1_h_tokens: 80 },
      'openai',
      1140,
      1300,
    ],
    ['OpenAI client rounds: 15 × 0.125 = 1.875 → 2', priceOf('claude-3-haiku-20240307'), fromClaude(15, 0), 'openai', 2, 15],
    [
      'OpenAI: cached tokens are inside the prompt: (200 + 800×0.5 + 100×4) × 1.25',
      priceOf('gpt-4o'),
      { prompt_tokens: 1000, completion_tokens: 100, prompt_tokens_details: { cached_tokens: 800 } },
      'openai',
      1250,
      1000,
    ],
    [
      'DeepSeek cache hits: (2000 + 8000×0.25 + 1000×4) × 0.135',
      priceOf('deepseek-chat'),
      { prompt_tokens: 10000, completion_tokens: 1000, prompt_cache_hit_tokens: 8000 },
      'openai',
      1080,
      10000,
    ],
    [
      'Gemini: cached inside the prompt, thoughts billed as completion: (48 + 2000×0.25 + (6 + 22)×4) × 0.5',
      ratioPrice(0.5, 4, 0.25),
      geminiUsageToOpenAi({ promptTokenCount: 2048, candidatesTokenCount: 6, totalTokenCount: 2076, cachedContentTokenCount: 2000, thoughtsTokenCount: 22 })!,
      'openai',
      330,
      2048,
    ],
    [
      'Gemini without a total: candidates + thoughts: (9 + (7 + 3)×4) × 0.5 = 24.5 → 25',
      ratioPrice(0.5, 4, 0.25),
      geminiUsageToOpenAi({ promptTokenCount: 9, candidatesTokenCount: 7, thoughtsTokenCount: 3 })!,
      'openai',
      25,
      9,
    ],
    [
      'Responses: cached inside input, reasoning inside output: (400 + 600×0.5 + 300×4) × 1.25',
      priceOf('gpt-4o'),
      responsesUsageToOpenAi({ input_tokens: 1000, input_tokens_details: { cached_tokens: 600 }, output_tokens: 300, output_tokens_details: { reasoning_tokens: 200 }, total_tokens: 1300 })!,
      'openai',
      2375,
      1000,
    ],
  ])('%s', (_name, price, report, semantic, quota, logPromptTokens) => {
    const q = computeRelayQuota(price, textUsageFromReport(report), semantic, s, { model: 'm' });
    expect(q.quota).toBe(quota);
    expect(q.logPromptTokens).toBe(logPromptTokens);
    expect(q.zeroUsage).toBe(false);
    expect(q.claude).toBe(semantic === 'claude');
  });

  it('bills 0 for a Claude request with no input or output beyond the cache', () => {
    const q = computeRelayQuota(priceOf('claude-sonnet-4-20250514'), textUsageFromReport(fromClaude(0, 0, 5000)), 'claude', s);
    expect(q).toMatchObject({ quota: 0, zeroUsage: true, logPromptTokens: 0 });
  });

  it('reports the cache writes for the log: always for Claude, for OpenAI clients when there are some', () => {
    const sonnet = priceOf('claude-sonnet-4-20250514');
    const split = textUsageFromReport({ ...fromClaude(100, 50, 1000, 200), claude_cache_creation_1_h_tokens: 80 });
    expect(computeRelayQuota(sonnet, split, 'claude', s).cacheCreation).toEqual({ tokens: 200, ratio: 1.25, tokens1h: 80, ratio1h: 2 });
    expect(computeRelayQuota(sonnet, split, 'openai', s).cacheCreation).toEqual({ tokens: 200, ratio: 1.25, tokens1h: 80, ratio1h: 2 });
    expect(computeRelayQuota(sonnet, textUsageFromReport(fromClaude(10, 5)), 'claude', s).cacheCreation).toEqual({ tokens: 0, ratio: 1.25, tokens1h: 0, ratio1h: 2 });
    expect(computeRelayQuota(priceOf('gpt-4o'), { prompt_tokens: 10, completion_tokens: 5 }, 'openai', s).cacheCreation).toBeNull();
  });

  it('adds OpenAI tool surcharges for OpenAI clients only, Claude web searches on both paths', () => {
    const usage = { prompt_tokens: 1000, completion_tokens: 500 };
    const extras = { model: 'gpt-4o', webSearchCalls: 1 };
    // 3750 + 35 / 1000 × 500 000
    expect(computeRelayQuota(priceOf('gpt-4o'), usage, 'openai', s, extras).quota).toBe(3750 + 17500);
    // (1000 + 500 × 4) × 1.25, truncated
    expect(computeRelayQuota(priceOf('gpt-4o'), usage, 'claude', s, extras).quota).toBe(3750);
    // + 2 × 10 / 1000 × 500 000 either way
    const searches = { model: 'claude-sonnet-4-20250514', claudeWebSearchCalls: 2 };
    const surcharge = { calls: 2, price: 10, quota: '10000' };
    expect(computeRelayQuota(priceOf('claude-sonnet-4-20250514'), textUsageFromReport(fromClaude(100, 50, 1000, 200)), 'claude', s, searches)).toMatchObject({ quota: 11050, claudeWebSearch: surcharge });
    expect(computeRelayQuota(priceOf('claude-sonnet-4-20250514'), textUsageFromReport(fromClaude(100, 50, 1000, 200)), 'openai', s, searches)).toMatchObject({ quota: 11050, claudeWebSearch: surcharge });
  });

  it('bills a Claude web search that came with no tokens, on both paths', () => {
    for (const semantic of ['claude', 'openai'] as const) {
      const q = computeRelayQuota(priceOf('claude-sonnet-4-20250514'), textUsageFromReport(fromClaude(0, 0)), semantic, s, { model: 'm', claudeWebSearchCalls: 1 });
      expect(q).toMatchObject({ quota: 5000, zeroUsage: false });
    }
  });

  it('never bills a negative amount, whatever the counts', () => {
    let seed = 5;
    const next = (max: number) => ((seed = (Math.imul(seed, 48271) + 1) >>> 0) >>> 8) % max;
    const prices = [priceOf('claude-sonnet-4-20250514'), priceOf('gpt-4o'), priceOf('claude-3-haiku-20240307')];
    for (let i = 0; i < 500; i++) {
      const usage: TextUsage = {
        prompt_tokens: next(3000),
        completion_tokens: next(3000),
        cached_tokens: next(4000),
        cache_creation_tokens: next(4000),
        cache_creation_1h_tokens: next(5000),
      };
      for (const semantic of ['openai', 'claude'] as const) {
        const q = computeRelayQuota(prices[i % prices.length]!, usage, semantic, s);
        expect(q.quota).toBeGreaterThanOrEqual(0);
        expect(q.logPromptTokens).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
