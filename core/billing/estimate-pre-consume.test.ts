import { describe, expect, it } from 'vitest';
import { estimatePreConsume } from './estimate-pre-consume.js';
import { defaultPriceSettings, type PriceSettings } from './price-settings.js';
import { type ResolvedPrice, resolvePrice } from './resolve-price.js';

const s: PriceSettings = { ...defaultPriceSettings(), groupRatio: { default: 1, half: 0.5, double: 2 } };

function priceOf(model: string, group = 'default'): ResolvedPrice {
  const p = resolvePrice(model, group, s, false);
  if (!p.ok) throw new Error(p.message);
  return p;
}

describe('estimatePreConsume', () => {
  it.each([
    ['no max_tokens, small prompt: PreConsumedQuota 500 × 1.25', 'gpt-4o', 'default', 20, 0, 625],
    ['no max_tokens, large prompt is not ignored: 4000 × 1.25', 'gpt-4o', 'default', 4000, 0, 5000],
    ['small prompt + max_tokens: (500 + 1000) × 1.25', 'gpt-4o', 'default', 20, 1000, 1875],
    ['large prompt + max_tokens: (4000 + 1000) × 1.25', 'gpt-4o', 'default', 4000, 1000, 6250],
    ['group 0.5', 'gpt-4o', 'half', 4000, 1000, 3125],
    ['group 2', 'gpt-4o', 'double', 4000, 1000, 12500],
    ['truncates: 500 × 0.075 = 37.5', 'gpt-4o-mini', 'default', 1, 0, 37],
    ['ERNIE ratio 60/73 truncates', 'ERNIE-3.5-8K', 'default', 0, 0, Math.trunc(500 * (60 / 73))],
    ['free model', 'glm-4-flash', 'default', 1000, 1000, 0],
    ['per call: 0.04 × 500000', 'dall-e-3', 'default', 5000, 5000, 20000],
    ['per call with group 0.5', 'gpt-4-gizmo-g-abc', 'half', 0, 0, 25000],
    ['negative inputs count as 0', 'gpt-4o', 'default', -100, -5, 625],
    ['NaN inputs count as 0', 'gpt-4o', 'default', Number.NaN, Number.NaN, 625],
  ] as const)('%s', (_name, model, group, prompt, maxTokens, expected) => {
    expect(estimatePreConsume(priceOf(model, group), prompt, maxTokens, s)).toBe(expected);
  });

  it('clamps absurd max_tokens instead of reserving Infinity', () => {
    for (const maxTokens of [1e300, Infinity, Number.MAX_SAFE_INTEGER]) {
      const q = estimatePreConsume(priceOf('gpt-4.5-preview'), 100, maxTokens, s);
      expect(Number.isSafeInteger(q)).toBe(true);
      expect(q).toBe((500 + 10_000_000) * 37.5);
    }
  });

  it('never returns a negative, NaN or unsafe number', () => {
    const corrupt: ResolvedPrice = { ...priceOf('gpt-4o'), modelRatio: Number.NaN };
    expect(estimatePreConsume(corrupt, 10, 10, s)).toBe(0);
    const negative: ResolvedPrice = { ...priceOf('gpt-4o'), groupRatio: -1 };
    expect(estimatePreConsume(negative, 10, 10, s)).toBe(0);
    const huge: ResolvedPrice = { ...priceOf('gpt-4o'), modelRatio: 1e300 };
    expect(estimatePreConsume(huge, 10, 10, s)).toBe(Number.MAX_SAFE_INTEGER);
  });
});
