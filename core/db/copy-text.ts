// Rows in COPY's text format: values separated by tabs, a row ending with a newline, `\` escaping itself and the
// three characters that would end a value or a row. Anything else (other control characters, quotes, commas,
// any Unicode) goes as it is.
const SPECIAL = /[\\\n\r\t]/;
const SPECIAL_ALL = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One text value; PostgreSQL text cannot hold NUL, which the caller takes out beforehand. */
export function copyTextValue(value: string): string {
  return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, (c) => ESCAPES[c]!) : value;
}

/** One row of integers, booleans (`t`/`f`) and strings; NULL is never written (every column here has a value). */
export function copyTextRow(values: readonly (string | number | boolean)[]): string {
  let out = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    out += (i === 0 ? '' : '\t') + (typeof v === 'string' ? copyTextValue(v) : typeof v === 'boolean' ? (v ? 't' : 'f') : String(v));
  }
  return `${out}\n`;
}
