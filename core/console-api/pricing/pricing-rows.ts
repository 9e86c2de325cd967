import type { PriceSettings } from '../../billing/price-settings.js';
import { resolvePrice } from '../../billing/resolve-price.js';

export interface PricingRow {
  model_name: string;
  /** 0 billed by ratio (per token), 1 by a fixed price per call */
  quota_type: 0 | 1;
  model_ratio: number;
  model_price: number;
  owner_by: string;
  completion_ratio: number;
  enable_groups: string[];
}

/**
 * One row per model offered by an enabled ability, with the groups offering it (new-api
 * model/pricing.go): a fixed price wins, otherwise the model ratio (37.5 when unset, as new-api shows)
 * and the effective completion ratio. Sorted by model name; new-api's order is a map's, i.e. random.
 */
export function pricingRows(abilities: ReadonlyArray<{ model: string; group: string }>, s: PriceSettings): PricingRow[] {
  const groups = new Map<string, Set<string>>();
  for (const a of abilities) {
    let set = groups.get(a.model);
    if (!set) groups.set(a.model, (set = new Set()));
    set.add(a.group);
  }
  return [...groups.keys()].sort().map((model) => {
    // The group only changes the group ratio, which the rows do not carry. Unset ratios are accepted
    // here (shown as 37.5), so resolvePrice cannot refuse.
    const price = resolvePrice(model, '', s, true);
    if (!price.ok) throw new Error(price.message);
    const enable_groups = [...groups.get(model)!].sort();
    if (price.usePrice) {
      return { model_name: model, quota_type: 1, model_ratio: 0, model_price: price.modelPrice, owner_by: '', completion_ratio: 0, enable_groups };
    }
    return { model_name: model, quota_type: 0, model_ratio: price.modelRatio, model_price: 0, owner_by: '', completion_ratio: price.completionRatio, enable_groups };
  });
}
