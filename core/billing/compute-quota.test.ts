import { describe, expect, it } from 'vitest';
import { type ClaudeUsage, computeClaudeQuota, computeTextQuota, type TextUsage } from './compute-quota.js';
import { defaultPriceSettings, type PriceSettings } from './price-settings.js';
import { type ResolvedPrice, resolvePrice } from './resolve-price.js';

const s: PriceSettings = { ...defaultPriceSettings(), groupRatio: { default: 1, half: 0.5, double: 2, odd: 0.7 } };

function priceOf(model: string, group = 'default'): ResolvedPrice {
  const p = resolvePrice(model, group, s, false);
  if (!p.ok) throw new Error(p.message);
  return p;
}

const usage = (prompt_tokens: number, completion_tokens: number, details: Partial<TextUsage> = {}): TextUsage => ({
  prompt_tokens,
  completion_tokens,
  ...details,
});

describe('computeTextQuota', () => {
  // Hand-computed: (base + cached × cache + image × image + completion × completion) × model × group
  it.each([
    ['gpt-4o: (1000 + 500×4) × 1.25', 'gpt-4o', 'default', usage(1000, 500), 3750],
    ['gpt-4o group 0.5', 'gpt-4o', 'half', usage(1000, 500), 1875],
    ['gpt-4o group 2', 'gpt-4o', 'double', usage(1000, 500), 7500],
    ['gpt-4o-mini: (1000 + 200×4) × 0.075', 'gpt-4o-mini', 'default', usage(1000, 200), 135],
    ['gpt-4o-mini: 41 × 0.075 = 3.075', 'gpt-4o-mini', 'default', usage(13, 7), 3],
    ['gpt-4o cached: (200 + 800×0.5 + 100×4) × 1.25', 'gpt-4o', 'default', usage(1000, 100, { cached_tokens: 800 }), 1250],
    ['claude via OpenAI format: (1000 + 1000×0.1 + 100×5) × 1.5', 'claude-3-5-sonnet-20241022', 'default', usage(2000, 100, { cached_tokens: 1000 }), 2400],
    ['deepseek-chat cached: (2000 + 8000×0.25 + 1000×4) × 0.135', 'deepseek-chat', 'default', usage(10000, 1000, { cached_tokens: 8000 }), 1080],
    ['deepseek-reasoner: (100 + 50×4) × 0.275 = 82.5 rounds up', 'deepseek-reasoner', 'default', usage(100, 50), 83],
    ['gpt-image-1: (400 + 600×2 + 4000×8) × 2.5', 'gpt-image-1', 'default', usage(1000, 4000, { image_tokens: 600 }), 84000],
    ['exact where floats drift: 36 × 1.25 × 0.7 = 31.5 → 32 (floats give 31.4999…)', 'gpt-4o', 'odd', usage(4, 8), 32],
    ['tiny usage rounding up to 1: 7 × 0.075 = 0.525', 'gpt-4o-mini', 'default', usage(7, 0), 1],
    ['tiny usage rounding to 0: 1 × 0.075 = 0.075 is > 0, so the "at least 1" rule does not apply', 'gpt-4o-mini', 'default', usage(1, 0), 0],
    ['a non-positive result with a non-zero ratio bills 1', 'gpt-4o', 'default', usage(10, 0, { cached_tokens: 100 }), 1],
    ['a zero ratio (free model) bills 0', 'glm-4-flash', 'default', usage(1000, 1000), 0],
    ['per call: 0.1 × 500000 × 1', 'gpt-4-gizmo-g-abc', 'default', usage(10, 10), 50000],
    ['per call with group 2', 'dall-e-3', 'double', usage(1, 0), 40000],
    ['per call, free price', 'mj_inpaint', 'default', usage(1, 0), 0],
  ] as const)('%s', (_name, model, group, u, expected) => {
    const r = computeTextQuota(priceOf(model, group), u, s);
    expect(r.quota).toBe(expected);
    expect(r.zeroUsage).toBe(false);
  });

  it('bills 0 when prompt + completion == 0, even per call', () => {
    expect(computeTextQuota(priceOf('gpt-4o'), usage(0, 0), s)).toEqual({ quota: 0, zeroUsage: true });
    expect(computeTextQuota(priceOf('dall-e-3'), usage(0, 0), s)).toEqual({ quota: 0, zeroUsage: true });
  });

  it.each([
    // 35 / 1000 × 500000: the surcharge alone, not 1 + it (the floor of 1 is taken after the surcharges)
    ['a ratio model', 'gpt-4o', 'default', 17_500],
    ['a ratio model, group 2', 'gpt-4o', 'double', 35_000],
    // 0.04 × 500000 × 2 + 27.5 / 1000 × 500000 × 2
    ['a per-call model', 'dall-e-3', 'double', 40_000 + 27_500],
  ] as const)('bills no tokens with one web search call (/v1/alpha/search): %s', (_name, model, group, expected) => {
    expect(computeTextQuota(priceOf(model, group), usage(0, 0), s, { model, webSearchCalls: 1 })).toMatchObject({ quota: expected, zeroUsage: false });
  });

  it('treats missing, negative and non-integer counts as 0', () => {
    const odd = { prompt_tokens: -5, completion_tokens: Number.NaN } as TextUsage;
    expect(computeTextQuota(priceOf('gpt-4o'), odd, s)).toEqual({ quota: 0, zeroUsage: true });
  });

  it('adds web search and file search surcharges after the ratio maths', () => {
    const r = computeTextQuota(priceOf('gpt-4o'), usage(1000, 500), s, {
      model: 'gpt-4o',
      webSearchCalls: 2,
      fileSearchCalls: 3,
    });
    // 3750 + 35 × 2 / 1000 × 500000 + 2.5 × 3 / 1000 × 500000
    expect(r.quota).toBe(3750 + 35000 + 3750);
    expect(r.webSearch).toEqual({ calls: 2, price: 35, quota: '35000', contextSize: 'medium' });
    expect(r.fileSearch).toEqual({ calls: 3, price: 2.5, quota: '3750' });
  });

  it.each([
    // name, group, usage, calls, quota: (prompt + completion × 4) × 1.25 × group + $10 × calls / 1000 × group × 500 000
    ['one search on top of the tokens: 3750 + 5000', 'default', usage(1000, 500), 1, 8750, '5000'],
    ['two searches at group 0.7, rounded: 1.25 × 0.7 + 7000 = 7000.875', 'odd', usage(1, 0), 2, 7001, '7000'],
    ['a search with no tokens is still billed', 'default', usage(0, 0), 3, 15000, '15000'],
  ])("adds Claude's web searches at $10 / 1K: %s", (_name, group, u, calls, quota, surcharge) => {
    const r = computeTextQuota(priceOf('gpt-4o', group), u, s, { model: 'claude-3-7-sonnet-20250219', claudeWebSearchCalls: calls });
    expect(r).toEqual({ quota, zeroUsage: false, claudeWebSearch: { calls, price: 10, quota: surcharge } });
  });

  it('takes a web search price the caller knows over the context-size table (alpha search: L tool price)', () => {
    const r = computeTextQuota(priceOf('gpt-4o', 'double'), usage(0, 0), s, { model: 'gpt-4o', webSearchCalls: 1, webSearchPrice: 10 });
    // 10 / 1000 × 2 × 500000, no tokens
    expect(r).toMatchObject({ quota: 10_000, zeroUsage: false, webSearch: { calls: 1, price: 10, quota: '10000' } });
  });

  it.each([
    ['gpt-4o', 'low', 30],
    ['gpt-4.1', 'high', 50],
    ['gpt-4o-mini', 'medium', 27.5],
    ['o3', 'high', 30],
  ] as const)('prices web search on %s at %s context as $%d per 1K', (model, contextSize, price) => {
    const r = computeTextQuota(priceOf('gpt-4o', 'half'), usage(1, 0), s, { model, webSearchCalls: 1, webSearchContextSize: contextSize });
    expect(r.webSearch?.price).toBe(price);
    // 1 × 1.25 × 0.5 = 0.625 plus price / 1000 × 0.5 × 500000
    expect(r.quota).toBe(Math.round(0.625 + price * 250));
  });

  it('bills Gemini input audio apart from the ratio maths', () => {
    // base (1000 − 400) + 100 × 4 = 1000 × 0.05 = 50; audio 0.7 / 1M × 400 × 500000 = 140
    const r = computeTextQuota(priceOf('gemini-2.0-flash'), usage(1000, 100, { audio_tokens: 400 }), s, { model: 'gemini-2.0-flash' });
    expect(r.quota).toBe(190);
    expect(r.audioInput).toEqual({ calls: 400, price: 0.7, quota: '140' });
    // a model without an audio price keeps audio tokens in the prompt
    expect(computeTextQuota(priceOf('gpt-4o'), usage(1000, 0, { audio_tokens: 400 }), s, { model: 'gpt-4o' }).quota).toBe(1250);
  });

  it('stays a safe integer for absurd usage', () => {
    const r = computeTextQuota(priceOf('gpt-4.5-preview'), usage(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER), s);
    expect(r.quota).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('computeClaudeQuota', () => {
  const claude = (input_tokens: number, output_tokens: number, more: Partial<ClaudeUsage> = {}): ClaudeUsage => ({
    input_tokens,
    output_tokens,
    ...more,
  });

  it.each([
    ['sonnet: (100 + 1000×0.1 + 200×1.25 + 50×5) × 1 × 1.5', 'claude-3-5-sonnet-20241022', 'default',
      claude(100, 50, { cache_read_input_tokens: 1000, cache_creation_input_tokens: 200 }), 1050],
    ['sonnet group 0.5', 'claude-3-5-sonnet-20241022', 'half', claude(1000, 100), 1125],
    ['haiku truncates: 11 × 0.125 = 1.375', 'claude-3-haiku-20240307', 'default', claude(11, 0), 1],
    ['haiku truncates: 15 × 0.125 = 1.875', 'claude-3-haiku-20240307', 'default', claude(15, 0), 1],
    ['haiku: 7 × 0.125 = 0.875 is > 0, truncates to 0', 'claude-3-haiku-20240307', 'default', claude(7, 0), 0],
    ['opus 4: (10 + 10×5) × 7.5', 'claude-opus-4-20250514', 'default', claude(10, 10), 450],
    ['per call', 'gpt-4-gizmo-g-abc', 'double', claude(1, 1), 100000],
  ] as const)('%s', (_name, model, group, u, expected) => {
    expect(computeClaudeQuota(priceOf(model, group), u, s)).toEqual({ quota: expected, zeroUsage: false });
  });

  it('bills 0 when input + output == 0, even with cache tokens', () => {
    const u = claude(0, 0, { cache_read_input_tokens: 5000 });
    expect(computeClaudeQuota(priceOf('claude-sonnet-4-20250514'), u, s)).toEqual({ quota: 0, zeroUsage: true });
    expect(computeClaudeQuota(priceOf('claude-sonnet-4-20250514'), u, s, { claudeWebSearchCalls: 0 })).toEqual({ quota: 0, zeroUsage: true });
  });

  it.each([
    // name, model, group, usage, searches, quota, surcharge: $10 × searches / 1000 × group × 500 000, added before truncation
    ['sonnet, 2 searches: 1050 + 10 000', 'claude-3-5-sonnet-20241022', 'default', claude(100, 50, { cache_read_input_tokens: 1000, cache_creation_input_tokens: 200 }), 2, 11050, '10000'],
    ['haiku truncates after the sum: 15 × 0.125 + 5000 = 5001.875', 'claude-3-haiku-20240307', 'default', claude(15, 0), 1, 5001, '5000'],
    ['group 0.7: (10 + 10 × 5) × 0.7 × 1.5 + 3500 = 3563', 'claude-3-5-sonnet-20241022', 'odd', claude(10, 10), 1, 3563, '3500'],
    ['per-call price: 0.1 × 500 000 × 2 + 10 000', 'gpt-4-gizmo-g-abc', 'double', claude(1, 1), 1, 110000, '10000'],
    ['no tokens, one search: still billed', 'claude-sonnet-4-20250514', 'default', claude(0, 0), 1, 5000, '5000'],
  ])("adds Claude's web searches at $10 / 1K: %s", (_name, model, group, u, searches, quota, surcharge) => {
    expect(computeClaudeQuota(priceOf(model, group), u, s, { claudeWebSearchCalls: searches })).toEqual({
      quota,
      zeroUsage: false,
      claudeWebSearch: { calls: searches, price: 10, quota: surcharge },
    });
  });
});
