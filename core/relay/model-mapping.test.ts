import { describe, expect, it } from 'vitest';
import { mapModel } from './model-mapping.js';

describe('mapModel', () => {
  it.each<[string, Record<string, string>, string, boolean]>([
    ['a', {}, 'a', false],
    ['a', { a: 'b' }, 'b', true],
    ['a', { a: 'b', b: 'c' }, 'c', true],
    ['a', { a: 'a' }, 'a', false],
    ['a', { a: '' }, 'a', false],
    ['a', { a: 'b', b: 'b' }, 'b', true],
  ])('%s with %j → %s', (model, mapping, want, mapped) => {
    expect(mapModel(model, mapping)).toEqual({ upstreamModel: want, mapped });
  });

  it('refuses a cycle', () => {
    expect(() => mapModel('a', { a: 'b', b: 'a' })).toThrow('model_mapping_contains_cycle');
  });
});
