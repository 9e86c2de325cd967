/**
 * Reads one entry of a pricing map. The maps come from JSON options, so a plain `map[key]` would find
 * Object.prototype members for model names like "constructor" or "toString" and bill with a function;
 * only own, finite numbers count.
 */
export function lookupRatio(map: Readonly<Record<string, number>>, key: string): number | undefined {
  if (!Object.hasOwn(map, key)) return undefined;
  const value: unknown = map[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
