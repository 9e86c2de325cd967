/**
 * Lower-case that keeps every UTF-16 offset: matching runs on the folded text and masking cuts the
 * original at the same offsets. The few characters whose lower case is longer (İ → i̇) stay as they are.
 */
export function foldCase(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (const ch of text) {
    const folded = ch.toLowerCase();
    out += folded.length === ch.length ? folded : ch;
  }
  return out;
}
