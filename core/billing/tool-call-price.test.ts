import { describe, expect, it } from 'vitest';
import { webSearchPreviewToolPrice } from './tool-call-price.js';

describe('webSearchPreviewToolPrice', () => {
  it.each([
    ['gpt-5', 10],
    ['o3', 10],
    ['claude-sonnet-4', 10],
    ['gpt-4o', 25],
    ['gpt-4o-mini', 25],
    ['gpt-4.1-mini', 25],
    ['gpt-4.1-nano', 25],
    // a prefix of the model name, not a substring
    ['my-gpt-4o', 10],
  ] as const)('%s: $%d per 1 000 calls', (model, price) => expect(webSearchPreviewToolPrice(model)).toBe(price));
});
