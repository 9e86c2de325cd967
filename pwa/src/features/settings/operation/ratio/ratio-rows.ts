import type { PriceMaps } from './price-maps';

/** One model in the visual editor: a fixed price per call, or a ratio with an optional completion ratio. */
export interface RatioRow {
  name: string;
  price?: number;
  ratio?: number;
  completionRatio?: number;
}

export const billedPerRequest = (row: RatioRow): boolean => row.price !== undefined;

/** Every model named in any of the three maps, by name. */
export function ratioRows(maps: PriceMaps): RatioRow[] {
  const names = new Set([...Object.keys(maps.ModelPrice), ...Object.keys(maps.ModelRatio), ...Object.keys(maps.CompletionRatio)]);
  return [...names].sort().map((name) => ({
    name,
    ...(name in maps.ModelPrice ? { price: maps.ModelPrice[name] } : {}),
    ...(name in maps.ModelRatio ? { ratio: maps.ModelRatio[name] } : {}),
    ...(name in maps.CompletionRatio ? { completionRatio: maps.CompletionRatio[name] } : {}),
  }));
}

/** The maps back from the rows; a row keeps exactly the values it holds, so untouched rows round-trip. */
export function rowsToMaps(rows: readonly RatioRow[]): PriceMaps {
  const maps: PriceMaps = { ModelPrice: {}, ModelRatio: {}, CompletionRatio: {} };
  for (const row of rows) {
    if (row.price !== undefined) maps.ModelPrice[row.name] = row.price;
    if (row.ratio !== undefined) maps.ModelRatio[row.name] = row.ratio;
    if (row.completionRatio !== undefined) maps.CompletionRatio[row.name] = row.completionRatio;
  }
  return maps;
}

/** Replaces the row called `previous` (or adds `row` on top when there is none). */
export function upsertRow(rows: readonly RatioRow[], row: RatioRow, previous?: string): RatioRow[] {
  return previous === undefined ? [row, ...rows] : rows.map((r) => (r.name === previous ? row : r));
}

export function filterRows<T extends { name: string }>(rows: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  return needle ? rows.filter((r) => r.name.toLowerCase().includes(needle)) : [...rows];
}
