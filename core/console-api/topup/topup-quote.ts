import {
  decimalFromInt,
  decimalFromNumber,
  mulDecimal,
  roundDecimalHalfAwayFromZero,
  signOfDecimal,
  subDecimal,
  type ExactDecimal,
} from '../../billing/exact-decimal.js';

export interface TopUpSettings {
  displayInCurrency: boolean;
  quotaPerUnit: number;
  /** option Price: money per currency unit */
  price: number;
  /** option MinTopUp, in currency units */
  minTopUp: number;
  /** TopupGroupRatio of the user's group (missing → 1) */
  groupRatio: number;
}

export type TopUpQuote =
  | { ok: true; /** currency units bought (top_ups.amount) */ units: number; /** quota credited */ quota: number; money: ExactDecimal }
  | { ok: false; message: string };

/**
 * new-api's top-up maths (controller/topup.go getMinTopup/getPayMoney): `amount` is in currency units,
 * or in quota when DisplayInCurrency is off; money = units × Price × TopupGroupRatio (0 counts as 1), in
 * exact decimals. new-api truncates a quota amount to whole units for the order but prices the fraction,
 * so 1.5 units paid credit 1; Ferryman refuses amounts that are not whole units instead.
 */
export function quoteTopUp(amount: number, s: TopUpSettings): TopUpQuote {
  const perUnit = Math.trunc(s.quotaPerUnit);
  const min = s.displayInCurrency ? s.minTopUp : s.minTopUp * perUnit;
  if (amount < min) return { ok: false, message: `充值数量不能小于 ${min}` };
  if (!s.displayInCurrency && amount % perUnit !== 0) return { ok: false, message: `充值数量必须是 ${perUnit} 的整数倍` };
  const units = s.displayInCurrency ? amount : amount / perUnit;
  const quota = units * perUnit;
  if (!Number.isSafeInteger(quota)) return { ok: false, message: '参数错误' };
  const ratio = s.groupRatio === 0 ? 1 : s.groupRatio;
  const money = mulDecimal(mulDecimal(decimalFromInt(units), decimalFromNumber(s.price)), decimalFromNumber(ratio));
  return { ok: true, units, quota, money };
}

/** Sign of money − 0.01, for new-api's "充值金额过低" checks (≤ 0.01 for a quote, < 0.01 for an order). */
export const compareToOneCent = (money: ExactDecimal): -1 | 0 | 1 => signOfDecimal(subDecimal(money, decimalFromNumber(0.01)));

/**
 * Money as the gateway receives it: 2 decimals, halves rounded up. new-api formats the float64 with
 * %.2f, which differs only for exact binary ties such as 0.125 (Go gives 0.12, a cashier 0.13).
 */
export function formatMoney(money: ExactDecimal): string {
  const cents = roundDecimalHalfAwayFromZero(mulDecimal(money, decimalFromInt(100)));
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
