import { describe, expect, it } from 'vitest';
import { countCompletionTokens } from './count-completion.js';

describe('countCompletionTokens', () => {
  it.each<[string, number, string, number]>([
    ['hello world', 0, 'gpt-4', 2],
    ['', 0, 'gpt-4', 0],
    ['', 1, 'gpt-4o', 7],
    ['get_weather{"city":"Paris"}', 1, 'gpt-4o', 2 + 5 + 7],
    ['Sure! Here is a joke: why did the chicken cross the road?', 0, 'gpt-3.5-turbo', 15],
    ['你好，世界', 2, 'gpt-4o', 3 + 14],
    ['hello world', -3, 'gpt-4', 2],
    ['hello world', 1.5, 'gpt-4', 2],
    ['hello world', Number.NaN, 'gpt-4', 2],
  ])('%j with %d tool calls on %s = %i', (text, toolCalls, model, tokens) => {
    expect(countCompletionTokens(text, toolCalls, model)).toBe(tokens);
  });
});
