// PostgreSQL array literals built directly: a batch sends one text parameter per column instead of letting the
// driver escape every element (postgres' arraySerializer ran two regex replacements per element; profiled at
// 3–4 % of the relay thread once log batches went as arrays).

const SPECIAL = /["\\]/;
const SPECIAL_ALL = /["\\]/g;

/** `{"a","b \"c\""}`: every element quoted, so empty strings, `NULL`, spaces, commas and braces stay text. */
export function textArrayLiteral(values: readonly string[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    out += `${i === 0 ? '' : ','}"${SPECIAL.test(v) ? v.replace(SPECIAL_ALL, '\\$&') : v}"`;
  }
  return `${out}}`;
}

/** `{1,2,3}` for integers (bigint, int) and `{t,f}` for booleans. */
export function scalarArrayLiteral(values: readonly (number | boolean)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    out += `${i === 0 ? '' : ','}${typeof v === 'boolean' ? (v ? 't' : 'f') : String(v)}`;
  }
  return `${out}}`;
}
