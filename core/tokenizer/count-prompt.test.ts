import { describe, expect, it } from 'vitest';
import { countPromptTokens } from './count-prompt.js';

describe('countPromptTokens', () => {
  it.each<[string, unknown, number]>([
    ['a string', 'hello world', 2],
    ['an empty string', '', 0],
    ['strings, joined then counted once', ['abc', 'defghi'], 2],
    ['token ids, one each', [15339, 1917, 0], 3],
    ['batches of token ids', [[1, 2, 3], [4, 5]], 5],
    ['an empty array', [], 0],
    ['strings and ids mixed', ['hello world', 7, [8, 9]], 5],
    ['null', null, 0],
    ['a number', 42, 0],
    ['an object', { text: 'hello world' }, 0],
    ['junk inside an array', [null, { a: 1 }, true, 'hello world', [1, 'x', null]], 3],
  ])('%s', (_label, prompt, tokens) => {
    expect(countPromptTokens(prompt, 'text-embedding-3-small')).toBe(tokens);
  });

  it('uses the model encoding', () => {
    expect(countPromptTokens('你好，世界', 'gpt-3.5-turbo-instruct')).toBe(6);
    expect(countPromptTokens('你好，世界', 'gpt-4o')).toBe(3);
  });
});
