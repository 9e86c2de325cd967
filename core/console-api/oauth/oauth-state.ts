import { z } from 'zod';
import { newOAuthState } from '../../auth/random-key.js';
import { shortText } from '../../contracts/bounded-text.js';
import type { ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { ok, type ApiResult } from '../envelope.js';
import { readQuery } from '../log/query-params.js';

// The aff code later reaches a query at registration, so it is bounded before it enters the cookie.
const stateQuery = z.object({ aff: shortText.optional() });

/** How long a state from /api/oauth/state is accepted (new-api: for the whole 30-day session). */
const STATE_VALID_SECONDS = 600;

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * GET /api/oauth/state?aff=: a 12-character state kept in the session and recorded in oauth_states, plus the
 * inviter's aff code if given. Expired states of anyone are swept in the same statement (issuing is behind
 * the critical rate limit, and expires_at is indexed); SKIP LOCKED lets concurrent issuers pass each other.
 */
async function issueState(c: ApiContext): Promise<ApiResult> {
  const { aff } = readQuery(c, stateQuery);
  const state = newOAuthState();
  const now = nowSeconds();
  await c.app.sql`
    WITH expired AS (
      DELETE FROM oauth_states WHERE state IN (SELECT state FROM oauth_states WHERE expires_at < ${now} FOR UPDATE SKIP LOCKED)
    )
    INSERT INTO oauth_states (state, expires_at) VALUES (${state}, ${now + STATE_VALID_SECONDS})`;
  c.saveSession({ ...c.session, oauth_state: state, oauth_state_exp: now + STATE_VALID_SECONDS, ...(aff ? { aff } : {}) });
  return ok(state);
}

/**
 * Checks the callback's `state` against the session, removing it from the session whatever the outcome, and
 * spends its oauth_states row: a state is good for one callback only, even with a copy of the cookie taken
 * before (new-api compares but keeps it, which allows replays). A mismatch costs no database round trip.
 */
export async function takeOAuthState(c: ApiContext): Promise<boolean> {
  const { oauth_state: expected, oauth_state_exp: expires, ...rest } = c.session;
  if (expected !== undefined) c.saveSession(rest);
  const given = c.query.get('state') ?? '';
  const now = nowSeconds();
  if (given === '' || given !== expected || (expires ?? 0) < now) return false;
  const spent = await c.app.sql`DELETE FROM oauth_states WHERE state = ${given} AND expires_at >= ${now} RETURNING state`;
  return spent.length === 1;
}

export const oauthStateRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/oauth/state', access: 'public', critical: true, handler: issueState },
];
