/**
 * Just enough exact decimal arithmetic to reproduce new-api's shopspring/decimal billing maths: a value
 * is `units × 10^-scale` with a bigint `units`, so add, subtract and multiply never lose precision
 * (shopspring's Add/Sub/Mul are exact too). Ratios enter through decimalFromNumber, which — like
 * decimal.NewFromFloat — takes the shortest decimal that round-trips the float64, so 0.075 is exactly
 * 0.075 and 4/3 is exactly 1.3333333333333333.
 */
export interface ExactDecimal {
  readonly units: bigint;
  readonly scale: number;
}

const POW10 = Array.from({ length: 64 }, (_, n) => 10n ** BigInt(n));
const pow10 = (n: number): bigint => POW10[n] ?? 10n ** BigInt(n);

export function decimalFromInt(n: number): ExactDecimal {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a safe integer: ${n}`);
  return { units: BigInt(n), scale: 0 };
}

// Prices and ratios repeat on every request; their decimals are immutable, so each is parsed once.
const parsed = new Map<number, ExactDecimal>();
const PARSED_MAX = 4096;

export function decimalFromNumber(x: number): ExactDecimal {
  const known = parsed.get(x);
  if (known) return known;
  if (!Number.isFinite(x)) throw new RangeError(`not a finite number: ${x}`);
  // String(x) is ECMAScript's shortest round-trip form, e.g. "0.075", "1e-7", "1.5e+21".
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (!m) throw new RangeError(`unexpected number form: ${x}`);
  const [, sign = '', int = '0', frac = '', exp = '0'] = m;
  const scale = frac.length - Number(exp);
  const digits = BigInt(`${sign}${int}${frac}`);
  const d = scale >= 0 ? { units: digits, scale } : { units: digits * pow10(-scale), scale: 0 };
  if (parsed.size >= PARSED_MAX) parsed.clear();
  parsed.set(x, d);
  return d;
}

function align(a: ExactDecimal, b: ExactDecimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

export function addDecimal(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  const [x, y, scale] = align(a, b);
  return { units: x + y, scale };
}

export function subDecimal(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  const [x, y, scale] = align(a, b);
  return { units: x - y, scale };
}

export function mulDecimal(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/**
 * a / 10^n, exact. new-api divides by 1000 and 1 000 000 with Div (rounded to 16 places); the prices it
 * divides (25, 27.5, 2.5, 0.7 …) have so few digits that the rounding never shows, so exact is equal.
 */
export function divDecimalByPow10(a: ExactDecimal, n: number): ExactDecimal {
  return { units: a.units, scale: a.scale + n };
}

export function signOfDecimal(a: ExactDecimal): -1 | 0 | 1 {
  return a.units === 0n ? 0 : a.units < 0n ? -1 : 1;
}

/** Round(0).IntPart(): to an integer, halves away from zero. */
export function roundDecimalHalfAwayFromZero(a: ExactDecimal): bigint {
  if (a.scale <= 0) return a.units * pow10(-a.scale);
  const p = pow10(a.scale);
  const abs = a.units < 0n ? -a.units : a.units;
  const q = abs / p + (2n * (abs % p) >= p ? 1n : 0n);
  return a.units < 0n ? -q : q;
}

/** Plain notation without trailing zeros, as shopspring's Decimal.String() (used in log content). */
export function decimalToString(a: ExactDecimal): string {
  if (a.scale <= 0) return (a.units * pow10(-a.scale)).toString();
  const negative = a.units < 0n;
  const digits = (negative ? -a.units : a.units).toString().padStart(a.scale + 1, '0');
  const int = digits.slice(0, digits.length - a.scale);
  const frac = digits.slice(digits.length - a.scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}
