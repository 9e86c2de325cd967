import type { GeminiSettings } from './gemini-settings.js';

export type GeminiThinkingConfig = {
  thinkingBudget?: number;
  includeThoughts?: boolean;
};

export interface GeminiThinking {
  /** the model the upstream is asked for, suffix removed */
  model: string;
  thinkingConfig?: GeminiThinkingConfig;
}

/** 2.5 Pro cannot turn thinking off and has its own budget range; the two early previews take no budget. */
const isPro25 = (model: string) => model.startsWith('gemini-2.5-pro') && !NO_BUDGET.some((m) => model.startsWith(m));
const NO_BUDGET = ['gemini-2.5-pro-preview-05-06', 'gemini-2.5-pro-preview-03-25'];

/** The budget range Google accepts: 128–32768 on 2.5 Pro, 0–24576 elsewhere. */
export function clampThinkingBudget(model: string, budget: number): number {
  const [min, max] = isPro25(model) ? [128, 32768] : [0, 24576];
  return Math.min(Math.max(budget, min), max);
}

/**
 * new-api's thinking adapter (`gemini.thinking_adapter_enabled`): `-thinking-<n>` asks for a budget of n,
 * `-thinking` for the configured share of max tokens (no budget without max tokens), `-nothinking` for a budget
 * of 0 (2.5 Pro cannot stop thinking, so it only loses the suffix). With the adapter off the name is sent as is.
 */
export function geminiThinkingAdapter(model: string, maxTokens: number, settings: GeminiSettings): GeminiThinking {
  if (!settings.thinkingAdapterEnabled) return { model };
  const budgeted = /^(.+)-thinking-(\d+)$/.exec(model);
  if (budgeted) {
    const base = budgeted[1]!;
    return { model: base, thinkingConfig: { thinkingBudget: clampThinkingBudget(base, Number(budgeted[2])), includeThoughts: true } };
  }
  if (model.endsWith('-thinking')) {
    const base = model.slice(0, -'-thinking'.length);
    const thinkingConfig: GeminiThinkingConfig = { includeThoughts: true };
    if (maxTokens > 0 && !NO_BUDGET.some((m) => base.startsWith(m))) {
      thinkingConfig.thinkingBudget = clampThinkingBudget(base, Math.floor(maxTokens * settings.thinkingAdapterBudgetTokensPercentage));
    }
    return { model: base, thinkingConfig };
  }
  if (model.endsWith('-nothinking')) {
    const base = model.slice(0, -'-nothinking'.length);
    return isPro25(base) ? { model: base } : { model: base, thinkingConfig: { thinkingBudget: 0 } };
  }
  return { model };
}
