// A Codex (type 57) channel key: new-api's OAuth JSON of a ChatGPT subscription, as Codex CLI's auth.json
// holds it (id_token, access_token, refresh_token, account_id, last_refresh, email, type, expired).

/** The OAuth document; fields new-api does not know are kept as they came when the key is rewritten. */
export interface CodexKey {
  id_token?: string;
  access_token: string;
  refresh_token?: string;
  account_id: string;
  last_refresh?: string;
  email?: string;
  type?: string;
  /** RFC 3339 time the access token lapses */
  expired?: string;
  [other: string]: unknown;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The key's problem in new-api's words (its channel validation), or null. */
export function codexKeyProblem(key: string): string | null {
  const trimmed = key.trim();
  if (!trimmed.startsWith('{')) return 'Codex key must be a valid JSON object';
  let doc: unknown;
  try {
    doc = JSON.parse(trimmed);
  } catch {
    return 'Codex key must be a valid JSON object';
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return 'Codex key must be a valid JSON object';
  const o = doc as Record<string, unknown>;
  if (!text(o.access_token)) return 'Codex key JSON must include access_token';
  if (!text(o.account_id)) return 'Codex key JSON must include account_id';
  return null;
}

/** The channel form's check (key-formats.ts pairs it with the contract's hint). */
export const codexKeyValid = (key: string): boolean => codexKeyProblem(key) === null;

/** The key as a document; throws new-api's message when it is not one. */
export function parseCodexKey(key: string): CodexKey {
  const problem = codexKeyProblem(key);
  if (problem) throw new Error(problem);
  const o = JSON.parse(key.trim()) as Record<string, unknown>;
  return Object.assign({}, o, { access_token: text(o.access_token), account_id: text(o.account_id) }) as CodexKey;
}

/** The `exp` claim of a JWT access token, in ms; null when it is not a readable JWT. */
export function jwtExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const claims = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** When the access token lapses (ms): the key's `expired`, else the token's own exp; null when neither says. */
export function codexKeyExpiry(k: CodexKey): number | null {
  const at = Date.parse(text(k.expired));
  return Number.isFinite(at) ? at : jwtExpiry(k.access_token);
}

/** What the OAuth token endpoint gave back for a refresh. */
export interface CodexRefresh {
  access_token: string;
  refresh_token: string;
  /** ms since the epoch */
  expiresAt: number;
}

/** RFC 3339 without fractions, as Go's time.RFC3339 writes it. */
const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The key after a refresh, as new-api stores it: new tokens, last_refresh, expired, type codex when unset. */
export function refreshedKey(k: CodexKey, r: CodexRefresh, nowMs: number): CodexKey {
  return Object.assign({}, k, {
    access_token: r.access_token,
    refresh_token: r.refresh_token,
    last_refresh: rfc3339(nowMs),
    expired: rfc3339(r.expiresAt),
    type: text(k.type) || 'codex',
  });
}
