import { describe, expect, it } from 'vitest';
import { foldCase } from './fold-case.js';

describe('foldCase', () => {
  it.each([
    ['ASCII', 'Test_SENSITIVE', 'test_sensitive'],
    ['CJK is unchanged', '敏感词ABC', '敏感词abc'],
    ['Greek and Cyrillic', 'ΣΟΦΙΑ Москва', 'σοφια москва'],
    ['a character whose lower case is longer keeps its offset', 'İSTANBUL', 'İstanbul'],
    ['astral characters', '😀ABC', '😀abc'],
  ])('%s', (_name, text, expected) => {
    expect(foldCase(text)).toBe(expected);
    expect(foldCase(text)).toHaveLength(text.length);
  });
});
