/**
 * new-api's FormatQuota: with DisplayInCurrency `＄%.6f` of quota / QuotaPerUnit (a FULL-WIDTH ＄),
 * otherwise the integer. Used in quota error messages and notifications.
 */
export function formatQuota(quota: number, displayInCurrency: boolean, quotaPerUnit: number): string {
  return displayInCurrency ? `＄${goFixed6(quota / quotaPerUnit)}` : goInt(quota);
}

/** new-api's LogQuota, for log content: `＄%.6f 额度` or `%d 点额度`. */
export function logQuota(quota: number, displayInCurrency: boolean, quotaPerUnit: number): string {
  return displayInCurrency ? `＄${goFixed6(quota / quotaPerUnit)} 额度` : `${goInt(quota)} 点额度`;
}

const goInt = (n: number): string => String(Math.trunc(n));

/**
 * Go's %.6f. JavaScript's toFixed rounds the same exact binary value but breaks exact ties upwards,
 * where Go rounds them to even, so ties are detected on the exact expansion and resolved to even.
 */
function goFixed6(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  // toFixed switches to exponent form at 1e21; such doubles are integers, so print them exactly.
  if (Math.abs(x) >= 1e21) return `${BigInt(x)}.000000`;
  const exact = Math.abs(x).toFixed(100); // every double ≥ 5e-7 (the smallest tie) expands in ≤ 100 digits
  const dot = exact.indexOf('.');
  const kept = exact.slice(0, dot + 7);
  const tail = exact.slice(dot + 7);
  const isTie = /^50*$/.test(tail);
  const lastDigitEven = Number(kept.at(-1)) % 2 === 0;
  const magnitude = isTie && lastDigitEven ? kept : Math.abs(x).toFixed(6);
  return `${x < 0 ? '-' : ''}${magnitude}`;
}
