/**
 * The per-call quota times the adapter's multipliers (new-api ApplyOtherRatiosToFloat, then a saturating
 * conversion to an integer): truncated, never negative, never past the largest safe integer.
 */
export function applyOtherRatios(quota: number, ratios: Readonly<Record<string, number>>): number {
  let q = quota;
  for (const r of Object.values(ratios)) if (Number.isFinite(r) && r >= 0) q *= r;
  return Math.min(Number.MAX_SAFE_INTEGER, Math.max(0, Math.trunc(q)));
}
