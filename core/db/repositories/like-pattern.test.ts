import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike, prefixPattern } from './like-pattern.js';

describe('LIKE patterns', () => {
  it.each<[string, string]>([
    ['plain', 'plain'],
    ['50%', '50\\%'],
    ['a_b', 'a\\_b'],
    ['back\\slash', 'back\\\\slash'],
  ])('escapes %s', (text, escaped) => {
    expect(escapeLike(text)).toBe(escaped);
    expect(containsPattern(text)).toBe(`%${escaped}%`);
    expect(prefixPattern(text)).toBe(`${escaped}%`);
  });
});
