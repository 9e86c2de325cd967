import { newOAuthState } from '../../auth/random-key.js';
import type { ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { ok, type ApiResult } from '../envelope.js';

/** How long a state from /api/oauth/state is accepted (new-api: for the whole 30-day session). */
const STATE_VALID_SECONDS = 600;

/** GET /api/oauth/state?aff=: a 12-character state kept in the session, plus the inviter's aff code if given. */
function issueState(c: ApiContext): ApiResult {
  const state = newOAuthState();
  const aff = c.query.get('aff');
  c.saveSession({
    ...c.session,
    oauth_state: state,
    oauth_state_exp: Math.floor(Date.now() / 1000) + STATE_VALID_SECONDS,
    ...(aff ? { aff } : {}),
  });
  return ok(state);
}

/**
 * Checks the callback's `state` against the session and removes it from the session whatever the outcome,
 * so a state is good for one callback only (new-api compares but keeps it, which allows replays).
 */
export function takeOAuthState(c: ApiContext): boolean {
  const { oauth_state: expected, oauth_state_exp: expires, ...rest } = c.session;
  if (expected !== undefined) c.saveSession(rest);
  const given = c.query.get('state') ?? '';
  return given !== '' && given === expected && (expires ?? 0) >= Math.floor(Date.now() / 1000);
}

export const oauthStateRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/oauth/state', access: 'public', critical: true, handler: issueState },
];
