import { describe, expect, it } from 'vitest';
import { countText } from './count-text.js';

// Counts verified by running gpt-tokenizer (tiktoken-compatible) for each encoding.
describe('countText', () => {
  it.each([
    ['', 'gpt-4', 0],
    ['hello world', 'gpt-4', 2],
    ['hello world', 'gpt-4o', 2],
    ['Hello, how are you?', 'gpt-3.5-turbo', 6],
    ['The quick brown fox jumps over the lazy dog', 'claude-3-opus', 9],
    ['你好，世界', 'gpt-4', 6],
    ['你好，世界', 'gpt-4o', 3],
    ['你好，世界', 'o3-mini', 3],
    ['get_weatherGet the current weather{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}', 'gpt-4', 24],
    ['get_weatherGet the current weather{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}', 'gpt-4o', 25],
  ])('%j with %s = %i', (text, model, tokens) => {
    expect(countText(text, model)).toBe(tokens);
  });

  it('counts special-token text as plain text instead of throwing', () => {
    expect(countText('<|endoftext|>', 'gpt-4')).toBe(7);
    expect(countText('<|endoftext|>', 'gpt-4o')).toBe(7);
  });
});
