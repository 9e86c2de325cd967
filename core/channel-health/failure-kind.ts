import type { ChannelFailure } from './channel-failure.js';

/**
 * `key`: the failure is about the credential or the account behind it (refused, deactivated, out of quota):
 * retrying with that key cannot help, so it is what auto-disable acts on. `transient`: anything else the
 * upstream is to blame for (5xx, 429 without a quota reason, timeouts, an error inside a 200), which only
 * counts toward the circuit breaker.
 */
export type FailureKind = 'key' | 'transient';

// new-api's ShouldDisableChannel lists (spec relay.md §7.2).
const KEY_CODES: ReadonlySet<string> = new Set(['invalid_api_key', 'account_deactivated', 'billing_not_active']);
const KEY_TYPES: ReadonlySet<string> = new Set(['insufficient_quota', 'insufficient_user_quota', 'authentication_error', 'permission_error', 'forbidden']);

/** AutomaticDisableKeywords: one keyword per line, matched case-insensitively; blank lines ignored. */
export const parseKeywords = (text: string): string[] =>
  text
    .split('\n')
    .map((k) => k.trim().toLowerCase())
    .filter((k) => k !== '');

/**
 * new-api disables on 401, on 403 only for Gemini, on the codes, types and keywords above. Here every 403 is a
 * key failure too (issue 10: "401/403/quota exhausted"): a refused credential is what a 403 says on every
 * provider we relay to, and a 403 for the request's content is classified as the client's before it gets here.
 */
export function failureKind(f: ChannelFailure, keywords: readonly string[]): FailureKind {
  if (f.status === 401 || f.status === 403) return 'key';
  if (f.code !== undefined && f.code !== null && KEY_CODES.has(String(f.code))) return 'key';
  if (f.type && KEY_TYPES.has(f.type)) return 'key';
  const message = f.message.toLowerCase();
  if (keywords.some((k) => message.includes(k))) return 'key';
  return 'transient';
}
