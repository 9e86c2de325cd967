import { describe, expect, it } from 'vitest';
import { encodingForModel } from './encoding-for-model.js';

describe('encodingForModel', () => {
  it.each([
    ['gpt-4o', 'o200k_base'],
    ['gpt-4o-mini-2024-07-18', 'o200k_base'],
    ['chatgpt-4o-latest', 'o200k_base'],
    ['o1', 'o200k_base'],
    ['o1-mini', 'o200k_base'],
    ['o3-mini-high', 'o200k_base'],
    ['o4-mini', 'o200k_base'],
    ['gpt-4.1-nano', 'o200k_base'],
    ['gpt-5', 'o200k_base'],
    ['gpt-5-mini', 'o200k_base'],
    ['GPT-4o', 'o200k_base'],
    ['gpt-4', 'cl100k_base'],
    ['gpt-4-turbo', 'cl100k_base'],
    ['gpt-4.5-preview', 'cl100k_base'],
    ['gpt-3.5-turbo', 'cl100k_base'],
    ['text-embedding-3-small', 'cl100k_base'],
    ['claude-3-5-sonnet-20241022', 'cl100k_base'],
    ['gemini-2.0-flash', 'cl100k_base'],
    ['omni-moderation-latest', 'cl100k_base'],
    ['openai/gpt-4o', 'cl100k_base'],
    ['', 'cl100k_base'],
  ])('%s → %s', (model, encoding) => {
    expect(encodingForModel(model)).toBe(encoding);
  });
});
