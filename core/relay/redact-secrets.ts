export type Redact = (text: string) => string;

export const REDACTED = '[redacted]';

/** Shorter "keys" are not real credentials, and replacing them would mangle ordinary words. */
const MIN_SECRET_LENGTH = 8;

// Credential shapes that never leave the relay, whoever they belong to. Each stops at a quote, a
// backslash or a separator, so a redaction inside a JSON string leaves the JSON valid.
const PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(Bearer|Basic)\s+[^\s"'\\,;)]+/gi, `$1 ${REDACTED}`],
  [/\bsk-[A-Za-z0-9_-]{6,}/g, `sk-${REDACTED}`],
  [/\bAIza[0-9A-Za-z_-]{20,}/g, REDACTED],
  // `?key=…` in a quoted URL (Gemini), `api_key=…`, `access_token=…`
  [/(?<=^|[?&;\s"'(])((?:api[-_]?)?key|access[-_]?token|token)=[^&\s"'\\]+/gi, `$1=${REDACTED}`],
  // `api-key: …`, `"x-api-key":"…"`, `x-goog-api-key=…`
  [/\b((?:x-)?(?:goog-)?api[-_]?key)(["']?\s*[:=]\s*["']?)[^\s"'\\,;&}]+/gi, `$1$2${REDACTED}`],
];

/**
 * A redactor for text leaving the relay (error messages, SSE error frames, log rows): every given secret
 * verbatim (each key of a multi-key channel, and each `|`-separated part of a compound key), then every
 * credential-like pattern.
 */
export function secretRedactor(secrets: readonly string[]): Redact {
  const exact = [...new Set(secrets.flatMap((s) => [s, ...s.split('|')]).map((s) => s.trim()))]
    .filter((s) => s.length >= MIN_SECRET_LENGTH)
    // A key that contains another is replaced first, so no fragment of it survives.
    .sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const secret of exact) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
    return out;
  };
}

/** Every string inside a JSON value, keys included, passed through `redact`. */
export function redactDeep(value: unknown, redact: Redact): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redact));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k), redactDeep(v, redact)]));
}
