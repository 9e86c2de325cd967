import type { RelayError } from './relay-error.js';

/**
 * Who a failed attempt says something about: `upstream` counts toward the channel's health (circuit
 * breaker), `client` and `none` never do, so no user can take a channel offline for everyone by sending
 * requests the upstream rightly refuses.
 */
export type FailureBlame = 'upstream' | 'client' | 'none';

// Codes and wording upstreams use when the request itself was at fault (too long, refused by a content
// policy), whatever status they chose to send it with: some answer these with a 5xx or inside a 200.
const CLIENT_CODES = new Set([
  'context_length_exceeded',
  'string_above_max_length',
  'model_max_prompt_tokens_exceeded',
  'content_filter',
  'content_policy_violation',
  'invalid_prompt',
  'data_inspection_failed',
]);
const CLIENT_WORDING =
  /context[ _-]?(?:length|window)|maximum context|prompt is too long|input is too long|request too large|exceeds? (?:the )?max(?:imum)?|max_(?:completion_)?tokens|content[ _-]?(?:filter|policy|management)|safety system|inappropriate content|敏感|违规|不合规|上下文长度/i;

// Statuses that say the channel is unwell: its key (401/403), its capacity (429), its model list (404),
// its speed (408) or the upstream itself (5xx). Any other 4xx is the client's own request.
const UPSTREAM_STATUS = (s: number): boolean => s >= 500 || s === 401 || s === 403 || s === 404 || s === 408 || s === 429 || s < 400;

export function classifyFailure(err: RelayError): FailureBlame {
  if (err.local) return 'none';
  // No HTTP answer at all: connection failures, timeouts, broken or empty bodies.
  if (err.code !== 'bad_response_status_code') return 'upstream';
  const named = [err.upstream?.code, err.upstream?.type].some((c) => typeof c === 'string' && CLIENT_CODES.has(c));
  if (named || CLIENT_WORDING.test(err.message)) return 'client';
  return UPSTREAM_STATUS(err.status) ? 'upstream' : 'client';
}

/**
 * Whether the upstream refused the attempt's credentials: a 401 or 403, or one of the codes its row names
 * for a refused token (some answer that inside a 200). A token-fetching row then drops its cached token.
 */
export function refusesCredentials(err: RelayError, codes: readonly (string | number)[] = []): boolean {
  if (err.local) return false;
  return err.status === 401 || err.status === 403 || (err.code !== null && err.code !== '' && codes.includes(err.code));
}
