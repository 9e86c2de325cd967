/** Pure helpers for option values as they travel (strings) and as they are edited (drafts). */

export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** JSON-valued options are edited pretty-printed; text that does not parse is left as it is. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Object keys sorted, so that re-ordering a map is not taken for a change. Arrays keep their order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export function sameJson(a: string, b: string): boolean {
  try {
    return JSON.stringify(canonical(JSON.parse(a))) === JSON.stringify(canonical(JSON.parse(b)));
  } catch {
    return a.trim() === b.trim();
  }
}

/** Addresses are stored without trailing slashes (ServerAddress, PayAddress, WorkerUrl, …). */
export function stripTrailingSlashes(text: string): string {
  return text.trim().replace(/\/+$/, '');
}

export type Draft = Record<string, string>;

/**
 * After the server's values change (a save, another section's switch), a field takes the new server value
 * only when its own server value changed; what the admin is still typing elsewhere is kept.
 */
export function rebaseDraft(draft: Draft, oldBase: Draft, newBase: Draft): Draft {
  const next: Draft = { ...draft };
  for (const [key, value] of Object.entries(newBase)) if (oldBase[key] !== value) next[key] = value;
  return next;
}

export function sameDraft(a: Draft, b: Draft): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

export const boolOption = (value: string | undefined): boolean => value === 'true';
