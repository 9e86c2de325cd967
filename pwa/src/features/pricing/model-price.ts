import type { PricingModel } from '../../../../core/contracts/pricing';
import { formatUsd, pricePerMillion } from '../../lib/quota-format';

export type ModelPriceView =
  | { kind: 'call'; perCall: string }
  | { kind: 'token'; prompt: string; completion: string };

/** Displayed price: per 1M tokens = ratio × 2 × group ratio (× completion ratio); per call = price × group ratio. */
export function modelPriceView(model: PricingModel, groupRatio: number): ModelPriceView {
  if (model.quota_type === 1) return { kind: 'call', perCall: formatUsd(model.model_price * groupRatio) };
  return {
    kind: 'token',
    prompt: formatUsd(pricePerMillion(model.model_ratio, groupRatio)),
    completion: formatUsd(pricePerMillion(model.model_ratio, groupRatio, model.completion_ratio)),
  };
}

/** Whether the viewed group may use the model. */
export function availableInGroup(model: PricingModel, group: string): boolean {
  return (model.enable_groups ?? []).includes(group);
}
