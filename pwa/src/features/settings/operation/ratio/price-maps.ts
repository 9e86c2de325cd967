import { pricePerMillion } from '../../../../lib/quota-format';
import type { OptionMap } from '../../api';
import { sameJson } from '../../option-values';
import type { OptionChange } from '../../queries';

/** The three options the visual editors write: fixed price per call, model ratio, completion ratio. */
export const PRICE_KEYS = ['ModelPrice', 'ModelRatio', 'CompletionRatio'] as const;
export type PriceKey = (typeof PRICE_KEYS)[number];
export type PriceMaps = Record<PriceKey, Record<string, number>>;

/** A stored map of name → number; anything else in it is ignored (the JSON tab is where it can be fixed). */
export function numberMap(text: string | undefined): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1])));
  } catch {
    return {};
  }
}

export function priceMapsOf(options: OptionMap): PriceMaps {
  return { ModelPrice: numberMap(options.ModelPrice), ModelRatio: numberMap(options.ModelRatio), CompletionRatio: numberMap(options.CompletionRatio) };
}

/** Only the maps that differ from the stored ones, pretty-printed like the JSON tab shows them. */
export function priceMapChanges(maps: PriceMaps, options: OptionMap): OptionChange[] {
  return PRICE_KEYS.flatMap((key) => {
    const value = JSON.stringify(maps[key], null, 2);
    return sameJson(value, options[key] ?? '{}') ? [] : [{ key, value }];
  });
}

/** Float noise off derived values (0.15 / 2 → 0.075, not 0.07500000000000001). */
export const tidy = (n: number): number => Number(n.toPrecision(12));

/** Price per 1M input tokens = 2 × model ratio (USD); the ratio back from it. */
export const inputPriceOf = (ratio: number): number => tidy(pricePerMillion(ratio, 1));
export const ratioOfInputPrice = (price: number): number => tidy(price / 2);
/** Completion ratio = output price / input price. */
export const completionRatioOf = (inputPrice: number, outputPrice: number): number => tidy(outputPrice / inputPrice);
