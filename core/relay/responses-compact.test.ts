import { describe, expect, it } from 'vitest';
import { compactBaseModel, compactModelName } from './responses-compact.js';

describe('responses compaction model names', () => {
  it.each([
    ['gpt-5', 'gpt-5-openai-compact'],
    ['gpt-5-openai-compact', 'gpt-5-openai-compact'],
  ])('%s is routed and priced as %s', (model, routed) => {
    expect(compactModelName(model)).toBe(routed);
  });

  it.each([
    ['gpt-5-openai-compact', 'gpt-5'],
    ['gpt-5', 'gpt-5'],
  ])('%s is mapped and sent as %s', (model, base) => {
    expect(compactBaseModel(model)).toBe(base);
  });
});
