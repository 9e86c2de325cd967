/**
 * Fuzzy model-name match: every query character appears in order (case-insensitive).
 * Returns a score (lower is better) or null when it does not match; substrings rank first.
 */
export function fuzzyScore(query: string, text: string): number | null {
  const q = query.trim().toLowerCase();
  if (!q) return 0;
  const s = text.toLowerCase();
  const at = s.indexOf(q);
  if (at >= 0) return at;
  let pos = -1;
  let gaps = 0;
  for (const ch of q) {
    const next = s.indexOf(ch, pos + 1);
    if (next < 0) return null;
    if (pos >= 0) gaps += next - pos - 1;
    pos = next;
  }
  return 1000 + gaps;
}

/** Filters and orders names by fuzzyScore. */
export function fuzzyFilter<T>(items: T[], query: string, key: (item: T) => string): T[] {
  if (!query.trim()) return items;
  return items
    .map((item) => ({ item, score: fuzzyScore(query, key(item)) }))
    .filter((x): x is { item: T; score: number } => x.score !== null)
    .sort((a, b) => a.score - b.score)
    .map((x) => x.item);
}
