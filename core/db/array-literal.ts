// PostgreSQL array literals built directly: a batch sends one text parameter per column instead of letting the
// driver escape every element (postgres' arraySerializer ran two regex replacements per element; profiled at
// 3–4 % of the relay thread once log batches went as arrays).

/**
 * JSON escapes `"` and `\` as an array literal does, and JSON.stringify writes the whole array natively in one
 * pass. It also writes control characters and lone surrogates as `\n` or `\uXXXX`, which an array literal
 * would read as bare letters: a column holding any of those (or any surrogate, to keep the test simple) is built
 * element by element instead.
 */
const NOT_JSON_SAFE = /[\u0000-\u001f\ud800-\udfff]/;
const SPECIAL = /["\\]/;
const SPECIAL_ALL = /["\\]/g;

/** `{"a","b \"c\""}`: every element quoted, so empty strings, `NULL`, spaces, commas and braces stay text. */
export function textArrayLiteral(values: readonly string[]): string {
  for (let i = 0; i < values.length; i++) if (NOT_JSON_SAFE.test(values[i]!)) return escapedOneByOne(values);
  const json = JSON.stringify(values);
  return `{${json.slice(1, -1)}}`;
}

function escapedOneByOne(values: readonly string[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    out += `${i === 0 ? '' : ','}"${SPECIAL.test(v) ? v.replace(SPECIAL_ALL, '\\$&') : v}"`;
  }
  return `${out}}`;
}

/** `{1,2,3}` for integers (bigint, int) and `{true,false}` for booleans, which PostgreSQL reads as such. */
export function scalarArrayLiteral(values: readonly (number | boolean)[]): string {
  return `{${values.join(',')}}`;
}
