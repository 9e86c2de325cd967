import { DEFAULT_MODEL_PRICE } from '../billing/default-model-price.js';
import { estimatePreConsume } from '../billing/estimate-pre-consume.js';
import type { PriceSettings } from '../billing/price-settings.js';
import { resolvePrice, type ResolvedPrice } from '../billing/resolve-price.js';

/** USD per call for a task model with no price that may still be used (self-use mode, accepted unset ratio). */
export const UNPRICED_TASK_PRICE = 0.1;

export type TaskPrice =
  | {
      ok: true;
      price: ResolvedPrice;
      quota: number;
      /** the model's own ratio when it has no per-call price (0 when it has one): new-api re-bills such a task from the tokens its provider reports */
      tokenRatio: number;
    }
  | { ok: false; message: string };

/**
 * The fixed charge of one task submit (new-api ModelPriceHelperPerCall): ModelPrice × QuotaPerUnit ×
 * GroupRatio, truncated. A model the admin's ModelPrice lacks falls back to the shipped default price;
 * one without any price is refused unless unset models may be used, then it costs UNPRICED_TASK_PRICE.
 */
export function taskPrice(model: string, group: string, s: PriceSettings, acceptUnset: boolean, free = false): TaskPrice {
  const settings = Object.hasOwn(s.modelPrice, model) ? s : { ...s, modelPrice: { ...DEFAULT_MODEL_PRICE, ...s.modelPrice } };
  const resolved = resolvePrice(model, group, settings, acceptUnset);
  if (!resolved.ok) return resolved;
  const price: ResolvedPrice = resolved.usePrice ? resolved : { ...resolved, usePrice: true, modelPrice: UNPRICED_TASK_PRICE, modelRatio: 0, completionRatio: 0 };
  return { ok: true, price, quota: free ? 0 : estimatePreConsume(price, 0, 0, settings), tokenRatio: resolved.usePrice ? 0 : resolved.modelRatio };
}
