import { describe, expect, it } from 'vitest';
import { geminiPromptText } from './gemini-count-tokens.js';

describe('geminiPromptText', () => {
  it.each([
    [{ contents: [{ parts: [{ text: 'a' }, { inlineData: { mimeType: 'image/png', data: 'X' } }] }, { role: 'model' as const, parts: [{ text: 'b' }] }] }, 'a\nb'],
    [{ generateContentRequest: { systemInstruction: { parts: [{ text: 'sys' }] }, contents: [{ parts: [{ text: 'q' }] }] } }, 'sys\nq'],
    [{}, ''],
  ])('%j → %j', (req, text) => {
    expect(geminiPromptText(req)).toBe(text);
  });
});
