import { describe, expect, it } from 'vitest';
import { parseVariant } from './variant.js';

describe('parseVariant', () => {
  it.each<[string, ReturnType<typeof parseVariant>]>([
    ['', { nodeArgs: [], env: {} }],
    ['--max-semi-space-size=8', { nodeArgs: ['--max-semi-space-size=8'], env: {} }],
    ['--max-semi-space-size=4  FERRYMAN_HEAP_TUNING=false --heap-growing-percent=50', { nodeArgs: ['--max-semi-space-size=4', '--heap-growing-percent=50'], env: { FERRYMAN_HEAP_TUNING: 'false' } }],
    ['EXTRA=a=b EMPTY=', { nodeArgs: [], env: { EXTRA: 'a=b', EMPTY: '' } }],
  ])('%j', (text, variant) => {
    expect(parseVariant(text)).toEqual(variant);
  });

  it('refuses a word that is neither a flag nor NAME=value', () => {
    expect(() => parseVariant('--x stray')).toThrow(/"stray" in variant/);
    expect(() => parseVariant('=v')).toThrow(/neither/);
  });
});
