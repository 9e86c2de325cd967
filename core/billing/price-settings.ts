import { DEFAULT_CACHE_RATIO } from './default-cache-ratio.js';
import { DEFAULT_COMPLETION_RATIO } from './default-completion-ratio.js';
import { DEFAULT_MODEL_PRICE } from './default-model-price.js';
import { DEFAULT_MODEL_RATIO } from './default-model-ratio.js';

/**
 * The slice of the options snapshot that pricing reads. Passed in explicitly so every billing function is
 * a pure function of its inputs (the options store builds one per reload).
 */
export interface PriceSettings {
  /** Option ModelRatio: model → ratio (1 = $2 per 1M input tokens). */
  modelRatio: Readonly<Record<string, number>>;
  /** Option ModelPrice: model → USD per call; a listed model is billed per call. */
  modelPrice: Readonly<Record<string, number>>;
  /** Option CompletionRatio: fallback completion ratios (see completionRatioFor). */
  completionRatio: Readonly<Record<string, number>>;
  /** Option CacheRatio: model → ratio for cached prompt tokens; missing means 1. */
  cacheRatio: Readonly<Record<string, number>>;
  /** Option GroupRatio: group → multiplier; missing means 1. */
  groupRatio: Readonly<Record<string, number>>;
  /** Option QuotaPerUnit: quota per 1 USD (default 500 000). */
  quotaPerUnit: number;
  /** Option SelfUseModeEnabled: unknown models are billed at ratio 37.5 instead of refused. */
  selfUseMode: boolean;
  /** Option PreConsumedQuota: tokens reserved when the request gives no max_tokens (default 500). */
  preConsumedQuota: number;
}

/** new-api's shipped defaults (GroupRatio {"default":1,"vip":1,"svip":1}); for tests and first boot. */
export function defaultPriceSettings(): PriceSettings {
  return {
    modelRatio: DEFAULT_MODEL_RATIO,
    modelPrice: DEFAULT_MODEL_PRICE,
    completionRatio: DEFAULT_COMPLETION_RATIO,
    cacheRatio: DEFAULT_CACHE_RATIO,
    groupRatio: { default: 1, vip: 1, svip: 1 },
    quotaPerUnit: 500_000,
    selfUseMode: false,
    preConsumedQuota: 500,
  };
}
