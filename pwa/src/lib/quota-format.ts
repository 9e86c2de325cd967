/** Display settings that decide how a quota number is shown (from /api/status). */
export interface QuotaDisplay {
  displayInCurrency: boolean;
  /** Quota units per currency unit (QuotaPerUnit, default 500000). */
  quotaPerUnit: number;
}

export const DEFAULT_QUOTA_PER_UNIT = 500000;

/** Quota presets in currency units (1$, 10$, 50$ and larger), mapped to quota with QuotaPerUnit. */
export const QUOTA_PRESETS_USD = [1, 10, 50, 100, 500, 1000] as const;

/** 12345 → "12.3k", 2500000 → "2.5M", 3e9 → "3B": k at 1e4, M at 1e6, B at 1e9. */
export function abbreviateNumber(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const scaled = (n: number, suffix: string) => `${sign}${trimZero((abs / n).toFixed(1))}${suffix}`;
  if (abs >= 1e9) return scaled(1e9, 'B');
  if (abs >= 1e6) return scaled(1e6, 'M');
  if (abs >= 1e4) return scaled(1e3, 'k');
  return `${sign}${trimZero(Number.isInteger(abs) ? String(abs) : abs.toFixed(2))}`;
}

function trimZero(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Quota → currency units (e.g. 500000 → 1 with the default QuotaPerUnit). */
export function quotaToCurrency(quota: number, quotaPerUnit: number): number {
  return quota / (quotaPerUnit > 0 ? quotaPerUnit : DEFAULT_QUOTA_PER_UNIT);
}

/** Currency units → whole quota units. */
export function currencyToQuota(amount: number, quotaPerUnit: number): number {
  return Math.round(amount * (quotaPerUnit > 0 ? quotaPerUnit : DEFAULT_QUOTA_PER_UNIT));
}

/**
 * Renders a quota either as "$1.23" (DisplayInCurrencyEnabled) or as an abbreviated raw number.
 * A positive amount too small for the precision shows the smallest step ("$0.01"), never "$0.00".
 */
export function formatQuota(quota: number, display: QuotaDisplay, digits = 2): string {
  if (!display.displayInCurrency) return abbreviateNumber(quota);
  return formatCurrency(quotaToCurrency(quota, display.quotaPerUnit), digits);
}

/**
 * A currency amount with fixed digits, as quota is shown in currency mode ("$0.00", "$12.50"), so an upstream
 * balance reads the same as the used quota beside it; a positive amount below the precision shows "$0.01".
 */
export function formatCurrency(amount: number, digits = 2): string {
  const fixed = Math.abs(amount).toFixed(digits);
  const sign = amount < 0 ? '-' : '';
  if (Number(fixed) === 0 && amount > 0) return `$${(10 ** -digits).toFixed(digits)}`;
  return `${sign}$${fixed}`;
}

/** The unit label used next to amount inputs: "$" in currency mode, otherwise nothing. */
export function quotaInputUnit(display: QuotaDisplay): string {
  return display.displayInCurrency ? '$' : '';
}

/** USD price per 1M tokens from a model ratio (ratio 1 = $2 / 1M), times the group ratio. */
export function pricePerMillion(modelRatio: number, groupRatio: number, completionRatio = 1): number {
  return modelRatio * 2 * groupRatio * completionRatio;
}

/** "$0.15", "$12.5", "$0.0003": enough digits to be readable, never exponent notation. */
export function formatUsd(value: number): string {
  if (value === 0) return '$0';
  const digits = Math.abs(value) >= 1 ? 2 : Math.abs(value) >= 0.01 ? 4 : 6;
  return `$${trimZero(value.toFixed(digits))}`;
}
