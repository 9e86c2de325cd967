import { describe, expect, it } from 'vitest';
import { completionRatioFor } from './completion-ratio.js';
import { DEFAULT_COMPLETION_RATIO } from './default-completion-ratio.js';

// An admin map that tries to override everything: only the overridable rows may change.
const override = (model: string): Record<string, number> => ({ ...DEFAULT_COMPLETION_RATIO, [model]: 9 });

describe('completionRatioFor', () => {
  // [model, with the default map, when the admin sets 9 for that model]
  const table: Array<[string, number, number]> = [
    ['gpt-4o', 4, 4],
    ['gpt-4o-mini', 4, 4],
    ['gpt-4o-2024-08-06', 4, 4],
    ['gpt-4o-2024-05-13', 3, 3],
    ['gpt-4.5-preview', 2, 2],
    ['gpt-4.5-preview-2025-02-27', 2, 2],
    ['gpt-4-turbo', 3, 3],
    ['gpt-4-turbo-2024-04-09', 3, 3],
    ['gpt-4-1106', 3, 3],
    ['gpt-4', 2, 9], // "other gpt-4" is the one gpt-4 row the admin may override
    ['gpt-4-32k', 2, 9],
    ['gpt-4.1', 2, 9],
    ['gpt-4-1106-preview', 2, 9],
    ['gpt-4-all', 2, 9], // -all skips the gpt-4 family and falls to the map
    ['gpt-4o-all', 1, 9],
    ['gpt-4-gizmo-g-abc', 2, 2], // looked up as gpt-4-gizmo-*; override() sets the raw name, not the wildcard
    ['gpt-4o-gizmo-g-abc', 3, 3],
    ['gpt-5', 8, 8], // after B: new-api's later table locks the gpt-5 family
    ['gpt-5-codex', 8, 8],
    ['gpt-5.1-codex-mini', 8, 8],
    ['gpt-5-openai-compact', 8, 8],
    ['gpt-5.4', 6, 6],
    ['gpt-5.4-mini', 6, 6],
    ['gpt-5.4-nano', 6.25, 6.25],
    ['gpt-5-all', 1, 9],
    ['o1', 4, 4],
    ['o1-mini', 4, 4],
    ['o3-mini-high', 4, 4],
    ['o4-mini', 1, 9],
    ['chatgpt-4o-latest', 3, 3],
    ['claude-3-5-sonnet-20241022', 5, 5],
    ['claude-3-haiku-20240307', 5, 5],
    ['claude-sonnet-4-20250514', 5, 5],
    ['claude-opus-4-20250514', 5, 5],
    ['claude-2.1', 3, 3],
    ['claude-instant-1', 3, 3],
    ['gpt-3.5-turbo', 3, 3],
    ['gpt-3.5-turbo-0125', 3, 3],
    ['gpt-3.5-turbo-1106', 2, 2],
    ['gpt-3.5-turbo-16k', 4 / 3, 4 / 3],
    ['mistral-large-latest', 3, 3],
    ['gemini-1.5-pro-latest', 4, 4],
    ['gemini-2.0-flash', 4, 4],
    ['gemini-2.5-pro-preview-03-25', 8, 8],
    ['gemini-2.5-flash-preview-04-17', 3.5 / 0.6, 9],
    ['gemini-2.5-flash-preview-04-17-nothinking', 4, 9],
    ['gemini-2.5-pro-exp-03-25', 4, 9],
    ['command-r', 3, 3],
    ['command-r-plus', 5, 5],
    ['command-r-08-2024', 4, 4],
    ['command-r-plus-08-2024', 4, 4],
    ['command-light', 4, 9],
    ['deepseek-chat', 4, 4],
    ['DeepSeek-Reasoner', 4, 4],
    ['deepseek-coder', 1, 9],
    ['ERNIE-Speed-8K', 2, 2],
    ['ERNIE-Lite-8K-0922', 2, 2],
    ['ERNIE-Character-8K', 2, 2],
    ['ERNIE-Functions-8K', 2, 2],
    ['ERNIE-4.0-8K', 1, 9],
    ['llama3-8b-8192', 2, 2],
    ['llama2-70b-4096', 0.8 / 0.64, 0.8 / 0.64],
    ['llama3-70b-8192', 0.79 / 0.59, 0.79 / 0.59],
    ['gpt-image-1', 8, 9],
    ['qwen-plus', 1, 9],
  ];

  it.each(table)('%s → %d by default, %d when the admin overrides it', (model, byDefault, overridden) => {
    expect(completionRatioFor(model, DEFAULT_COMPLETION_RATIO)).toBe(byDefault);
    expect(completionRatioFor(model, override(model))).toBe(overridden);
  });

  it('lets the map win for names containing "/" even over hard-coded families', () => {
    expect(completionRatioFor('openai/gpt-4o', {})).toBe(1);
    expect(completionRatioFor('openai/gpt-4o', { 'openai/gpt-4o': 2.5 })).toBe(2.5);
    expect(completionRatioFor('anthropic/claude-3-opus', {})).toBe(5);
    expect(completionRatioFor('anthropic/claude-3-opus', { 'anthropic/claude-3-opus': 1.5 })).toBe(1.5);
  });

  it('uses the wildcard key for gizmo overrides', () => {
    expect(completionRatioFor('gpt-4-gizmo-g-xyz', { 'gpt-4-gizmo-*': 7 })).toBe(7);
  });
});
