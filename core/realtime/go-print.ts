/**
 * What Go's `fmt.Sprintf("%v", x)` prints for a value encoding/json decoded into `any`: strings as they are,
 * numbers as float64, nil as `<nil>`, slices as `[a b]`, maps as `map[k:v …]` with their keys sorted by
 * byte (fmt sorts map keys). new-api counts tokens of such prints (a realtime tool's parameters).
 */
export function goPrint(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return goFloat(v);
  if (Array.isArray(v)) return `[${v.map(goPrint).join(' ')}]`;
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).sort(([a], [b]) => byteOrder(a, b));
    return `map[${entries.map(([k, x]) => `${k}:${goPrint(x)}`).join(' ')}]`;
  }
  return String(v);
}

/**
 * A float64 as `%v` prints it (strconv's 'g' at the shortest precision): the shortest digits that round-trip,
 * in exponent form when the decimal exponent is below −4 or at least 6 (mantissa with every digit, exponent
 * signed and of at least two digits: `1e+06`, `1.234567e+06`, `1e-05`); `-0` keeps its sign.
 */
export function goFloat(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : '-Inf';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  // JavaScript's shortest round-trip digits are the same digits as Go's shortest
  const [mantissa, exp] = n.toExponential().split('e') as [string, string];
  const e = Number(exp);
  if (e < -4 || e >= 6) return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  // in this range JavaScript prints plain decimals, as Go's %f of the same digits
  return String(n);
}

/** Go compares strings byte by byte (UTF-8): code point order, which UTF-16 comparison is not past U+FFFF. */
function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
