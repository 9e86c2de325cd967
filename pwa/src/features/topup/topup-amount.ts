/** Amounts below 1 are raised to 1; below the minimum is refused (error = the minimum). */
export function normaliseTopupAmount(raw: string | number, minimum: number): { amount: number; belowMinimum: boolean } {
  const parsed = Math.floor(Number(raw));
  const amount = Number.isFinite(parsed) && parsed >= 1 ? parsed : 1;
  return { amount, belowMinimum: amount < minimum };
}

/** The minimum in the units the user types: MinTopUp, × QuotaPerUnit when amounts are raw quota. */
export function topupMinimum(minTopup: number, displayInCurrency: boolean, quotaPerUnit: number): number {
  const min = minTopup > 0 ? minTopup : 1;
  return displayInCurrency ? min : min * quotaPerUnit;
}
