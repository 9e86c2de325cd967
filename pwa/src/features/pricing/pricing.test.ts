import { describe, expect, it } from 'vitest';
import { fuzzyFilter, fuzzyScore } from './fuzzy-match';
import { availableInGroup, modelPriceView } from './model-price';

describe('fuzzy model search', () => {
  const names = ['gpt-4o', 'gpt-4o-mini', 'claude-sonnet-4-20250514', 'deepseek-chat', 'o1-mini'];
  it('matches substrings first, then in-order subsequences', () => {
    expect(fuzzyFilter(names, 'mini', (n) => n)).toEqual(['o1-mini', 'gpt-4o-mini']);
    expect(fuzzyFilter(names, 'gpt4omini', (n) => n)).toEqual(['gpt-4o-mini']);
    expect(fuzzyFilter(names, 'CLS4', (n) => n)).toEqual(['claude-sonnet-4-20250514']);
  });
  it('returns everything for an empty query and nothing for a non-match', () => {
    expect(fuzzyFilter(names, '  ', (n) => n)).toEqual(names);
    expect(fuzzyScore('zzz', 'gpt-4o')).toBeNull();
  });
});

describe('model prices', () => {
  const ratioModel = { model_name: 'gpt-4o', quota_type: 0 as const, model_ratio: 1.25, model_price: 0, completion_ratio: 4, enable_groups: ['default'] };
  it('per 1M tokens: ratio × 2 × group ratio, completion × completion ratio', () => {
    expect(modelPriceView(ratioModel, 1)).toEqual({ kind: 'token', prompt: '$2.5', completion: '$10' });
    expect(modelPriceView(ratioModel, 2)).toEqual({ kind: 'token', prompt: '$5', completion: '$20' });
  });
  it('per call: price × group ratio', () => {
    expect(modelPriceView({ ...ratioModel, quota_type: 1, model_price: 0.04 }, 1.5)).toEqual({ kind: 'call', perCall: '$0.06' });
  });
  it('knows which groups offer a model', () => {
    expect(availableInGroup(ratioModel, 'default')).toBe(true);
    expect(availableInGroup(ratioModel, 'vip')).toBe(false);
    expect(availableInGroup({ ...ratioModel, enable_groups: undefined }, 'default')).toBe(false);
  });
});
