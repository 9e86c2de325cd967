import { describe, expect, it } from 'vitest';
import { DEFAULT_GEMINI_SETTINGS } from './gemini-settings.js';
import { geminiThinkingAdapter } from './gemini-thinking-adapter.js';

const on = { ...DEFAULT_GEMINI_SETTINGS, thinkingAdapterEnabled: true };

describe('geminiThinkingAdapter', () => {
  it.each([
    // budget = 0.6 × max tokens, clamped 0–24576 (128–32768 on 2.5 Pro)
    ['gemini-2.5-flash-thinking', 1000, { model: 'gemini-2.5-flash', thinkingConfig: { includeThoughts: true, thinkingBudget: 600 } }],
    ['gemini-2.5-flash-thinking', 100000, { model: 'gemini-2.5-flash', thinkingConfig: { includeThoughts: true, thinkingBudget: 24576 } }],
    ['gemini-2.5-pro-thinking', 100, { model: 'gemini-2.5-pro', thinkingConfig: { includeThoughts: true, thinkingBudget: 128 } }],
    ['gemini-2.5-pro-thinking', 100000, { model: 'gemini-2.5-pro', thinkingConfig: { includeThoughts: true, thinkingBudget: 32768 } }],
    // no max tokens: thoughts asked for, budget left to Google
    ['gemini-2.5-flash-thinking', 0, { model: 'gemini-2.5-flash', thinkingConfig: { includeThoughts: true } }],
    // the early 2.5 Pro previews take no budget
    ['gemini-2.5-pro-preview-05-06-thinking', 1000, { model: 'gemini-2.5-pro-preview-05-06', thinkingConfig: { includeThoughts: true } }],
    ['gemini-2.5-flash-thinking-2048', 0, { model: 'gemini-2.5-flash', thinkingConfig: { includeThoughts: true, thinkingBudget: 2048 } }],
    ['gemini-2.5-flash-thinking-99999', 0, { model: 'gemini-2.5-flash', thinkingConfig: { includeThoughts: true, thinkingBudget: 24576 } }],
    ['gemini-2.5-flash-nothinking', 1000, { model: 'gemini-2.5-flash', thinkingConfig: { thinkingBudget: 0 } }],
    // 2.5 Pro cannot stop thinking: only the suffix goes
    ['gemini-2.5-pro-nothinking', 1000, { model: 'gemini-2.5-pro' }],
    ['gemini-2.0-flash', 1000, { model: 'gemini-2.0-flash' }],
  ])('%s (max %i) → %j', (model, maxTokens, expected) => {
    expect(geminiThinkingAdapter(model, maxTokens, on)).toEqual(expected);
  });

  it('leaves the name alone when the adapter is off (the default)', () => {
    expect(geminiThinkingAdapter('gemini-2.5-flash-thinking', 1000, DEFAULT_GEMINI_SETTINGS)).toEqual({ model: 'gemini-2.5-flash-thinking' });
  });

  it('uses the configured share of max tokens', () => {
    const settings = { ...on, thinkingAdapterBudgetTokensPercentage: 0.5 };
    expect(geminiThinkingAdapter('gemini-2.5-flash-thinking', 1001, settings).thinkingConfig?.thinkingBudget).toBe(500);
  });
});
