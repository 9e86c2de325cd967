import { completionRatioFor } from './completion-ratio.js';
import { lookupModelEntry } from './compact-wildcard.js';
import { DEFAULT_CACHE_CREATION_RATIO } from './default-cache-ratio.js';
import { DEFAULT_IMAGE_RATIO } from './default-image-ratio.js';
import { gizmoWildcard } from './gizmo-wildcard.js';
import { lookupRatio } from './lookup-ratio.js';
import type { PriceSettings } from './price-settings.js';

/** new-api bills a model missing from ModelRatio at this ratio (only in self-use mode or when accepted). */
export const UNSET_MODEL_RATIO = 37.5;

export interface ResolvedPrice {
  ok: true;
  /** Billed per call at modelPrice USD; the ratios below are then 0, as new-api's PriceData leaves them. */
  usePrice: boolean;
  /** USD per call, or -1 when the model is ratio-billed (logged as other.model_price). */
  modelPrice: number;
  modelRatio: number;
  completionRatio: number;
  /** Ratio for cached prompt tokens; 1 when the model is missing from CacheRatio. */
  cacheRatio: number;
  /** Ratio for cache-write tokens (Claude); 1.25, not configurable at B. */
  cacheCreationRatio: number;
  /** Ratio for input image tokens; 2 for gpt-image-1, else 1. */
  imageRatio: number;
  /** 1 when the group is missing from GroupRatio. */
  groupRatio: number;
}

export interface PriceNotConfigured {
  ok: false;
  /** new-api's exact text; the relay answers 500 `model_price_error` with it. */
  message: string;
}

export type PriceResult = ResolvedPrice | PriceNotConfigured;

/**
 * The price data of one request (new-api relay/helper/price.go ModelPriceHelper): a fixed per-call price
 * wins over the ratio; an unknown model fails unless self-use mode is on or the user accepts unset ratios
 * (user setting accept_unset_model_ratio_model), in which case it is billed at ratio 37.5.
 *
 * Unlike B, `gpt-4o-gizmo-…` names also find the `gpt-4o-gizmo-*` ratio (B only mapped gpt-4-gizmo for
 * ratios, which left the shipped `gpt-4o-gizmo-*` ratio unreachable). A compaction model without its own
 * entry takes the `*-openai-compact` one, a wildcard price still winning over the model's own ratio.
 */
export function resolvePrice(
  model: string,
  group: string,
  s: PriceSettings,
  acceptUnsetModelRatio: boolean,
): PriceResult {
  const key = gizmoWildcard(model);
  const groupRatio = lookupRatio(s.groupRatio, group) ?? 1;
  const price = lookupModelEntry(s.modelPrice, key);
  if (price !== undefined) {
    return {
      ok: true,
      usePrice: true,
      modelPrice: price,
      modelRatio: 0,
      completionRatio: 0,
      cacheRatio: 0,
      cacheCreationRatio: 0,
      imageRatio: 0,
      groupRatio,
    };
  }
  const configuredRatio = lookupModelEntry(s.modelRatio, key);
  if (configuredRatio === undefined && !s.selfUseMode && !acceptUnsetModelRatio) {
    return { ok: false, message: priceNotConfiguredMessage(model) };
  }
  return {
    ok: true,
    usePrice: false,
    modelPrice: -1,
    modelRatio: configuredRatio ?? UNSET_MODEL_RATIO,
    completionRatio: completionRatioFor(model, s.completionRatio),
    cacheRatio: lookupRatio(s.cacheRatio, model) ?? 1,
    cacheCreationRatio: DEFAULT_CACHE_CREATION_RATIO,
    imageRatio: lookupRatio(DEFAULT_IMAGE_RATIO, model) ?? 1,
    groupRatio,
  };
}

export function priceNotConfiguredMessage(model: string): string {
  return `模型 ${model} 倍率或价格未配置，请联系管理员设置或开始自用模式；Model ${model} ratio or price not set, please set or start self-use mode`;
}
