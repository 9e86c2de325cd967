import { isDecimal } from './ratio-row-schema';
import type { PriceMaps } from './price-maps';
import type { RatioRow } from './ratio-rows';

/** What the admin typed for one model without a price (strings, as in the inputs). */
export interface UnsetEdit {
  price: string;
  ratio: string;
  completionRatio: string;
}

export const EMPTY_EDIT: UnsetEdit = { price: '', ratio: '', completionRatio: '' };

/** Enabled models with neither a fixed price nor a model ratio; a model leaves the list once one is saved. */
export function unsetModelNames(enabled: readonly string[], maps: PriceMaps): string[] {
  return [...new Set(enabled)].filter((name) => !(name in maps.ModelPrice) && !(name in maps.ModelRatio)).sort();
}

export type FillType = 'price' | 'ratio' | 'completionRatio' | 'bothRatio';

export interface Fill {
  type: FillType;
  value: string;
  ratio: string;
  completionRatio: string;
}

/** The batch dialog's refusal (an i18n key), or null. */
export function fillError(fill: Fill, selectedCount: number): string | null {
  if (selectedCount === 0) return 'settings.unset.errors.noSelection';
  if (fill.type === 'bothRatio') {
    if (!fill.ratio.trim() || !fill.completionRatio.trim()) return 'settings.unset.errors.bothRequired';
    return isDecimal(fill.ratio) && isDecimal(fill.completionRatio) ? null : 'settings.unset.errors.invalidNumber';
  }
  if (!fill.value.trim()) return 'settings.unset.errors.value';
  return isDecimal(fill.value) ? null : 'settings.unset.errors.invalidNumber';
}

/** The same value for every selected model; a price clears the ratios and a ratio clears the price. */
export function applyFill(edits: Readonly<Record<string, UnsetEdit>>, names: readonly string[], fill: Fill): Record<string, UnsetEdit> {
  const next = { ...edits };
  for (const name of names) {
    const edit = next[name] ?? EMPTY_EDIT;
    const value = fill.value.trim();
    next[name] =
      fill.type === 'price'
        ? { price: value, ratio: '', completionRatio: '' }
        : fill.type === 'ratio'
          ? { ...edit, price: '', ratio: value }
          : fill.type === 'completionRatio'
            ? { ...edit, price: '', completionRatio: value }
            : { price: '', ratio: fill.ratio.trim(), completionRatio: fill.completionRatio.trim() };
  }
  return next;
}

/** The stored maps plus what was typed: a price wins over ratios; models left blank are not written. */
export function mergeUnsetEdits(maps: PriceMaps, edits: Readonly<Record<string, UnsetEdit>>): PriceMaps {
  const next: PriceMaps = { ModelPrice: { ...maps.ModelPrice }, ModelRatio: { ...maps.ModelRatio }, CompletionRatio: { ...maps.CompletionRatio } };
  for (const [name, edit] of Object.entries(edits)) {
    if (isDecimal(edit.price)) next.ModelPrice[name] = Number(edit.price);
    else {
      if (isDecimal(edit.ratio)) next.ModelRatio[name] = Number(edit.ratio);
      if (isDecimal(edit.completionRatio)) next.CompletionRatio[name] = Number(edit.completionRatio);
    }
  }
  return next;
}

/** A model added in the dialog, as the inputs show it. */
export function editOfRow(row: RatioRow): UnsetEdit {
  const text = (n: number | undefined) => (n === undefined ? '' : String(n));
  return { price: text(row.price), ratio: text(row.ratio), completionRatio: text(row.completionRatio) };
}
