import { describe, expect, it } from 'vitest';
import { COMPACT_WILDCARD_KEY, lookupModelEntry } from './compact-wildcard.js';

describe('lookupModelEntry', () => {
  const both = { 'gpt-5': 1.25, 'gpt-5-openai-compact': 3, [COMPACT_WILDCARD_KEY]: 0.5 };
  const wildcardOnly = { 'gpt-5': 1.25, [COMPACT_WILDCARD_KEY]: 0.5 };
  const ownOnly = { 'gpt-5': 1.25, 'gpt-5-openai-compact': 3 };

  it.each([
    // map, name, entry
    [both, 'gpt-5-openai-compact', 3], // its own entry wins over the wildcard
    [wildcardOnly, 'gpt-5-openai-compact', 0.5], // no own entry: the wildcard
    [wildcardOnly, 'gpt-4o-openai-compact', 0.5], // any base model
    [wildcardOnly, COMPACT_WILDCARD_KEY, 0.5],
    [ownOnly, 'gpt-4o-openai-compact', undefined], // neither: unpriced, not the base model's entry
    [wildcardOnly, 'gpt-5', 1.25], // a plain name never takes the wildcard
    [wildcardOnly, 'gpt-4o', undefined],
    [wildcardOnly, 'gpt-5-openai-compact-v2', undefined], // a suffix only at the end counts
    [{ [COMPACT_WILDCARD_KEY]: 0 }, 'gpt-5-openai-compact', 0], // a free wildcard is a price, not a miss
  ] as const)('finds %o[%s] = %s', (map, name, entry) => {
    expect(lookupModelEntry(map, name)).toBe(entry);
  });

  it('never takes an Object.prototype member for the wildcard or the name', () => {
    expect(lookupModelEntry({}, 'constructor-openai-compact')).toBeUndefined();
    expect(lookupModelEntry(JSON.parse('{"*-openai-compact":"2"}') as Record<string, number>, 'gpt-5-openai-compact')).toBeUndefined();
  });
});
