import type { TokenRow } from '../rows.js';
import { definedColumns } from './columns.js';
import type { Db } from './db.js';
import { leasedQuota, type WithLeasedQuota } from './leased-quota.js';
import { containsPattern } from './like-pattern.js';

// Every query here is scoped to one owner: another user's token id behaves exactly like a missing one
// (no existence leak, nothing changed; reliability-security S3). Soft-deleted tokens are never seen.

/** Search is not paged in new-api; this bounds one answer. */
const SEARCH_LIMIT = 1000;

/** The columns a console write sets; the relay owns the counters (used_quota, accessed_time). */
export type TokenPatch = Partial<
  Pick<TokenRow, 'status' | 'name' | 'expired_time' | 'remain_quota' | 'unlimited_quota' | 'model_limits_enabled' | 'model_limits' | 'allow_ips' | 'group'>
>;
export type NewToken = TokenPatch &
  Pick<TokenRow, 'user_id' | 'key' | 'name' | 'created_time' | 'accessed_time' | 'expired_time' | 'remain_quota' | 'unlimited_quota'>;

type LeasedTokenRow = WithLeasedQuota<TokenRow>;

/**
 * A token as its owner sees it: the remaining quota includes what gateway nodes hold leased from it, which is
 * still the token's. Edits that set remain_quota set this total.
 */
function withLeasedQuota({ leased_quota, ...row }: LeasedTokenRow): TokenRow {
  return { ...row, remain_quota: row.remain_quota + Number(leased_quota) };
}

const leased = (db: Db) => leasedQuota(db, 't', db`t.id`);

/** One page of a user's tokens, newest first. */
export async function listTokens(db: Db, userId: number, page: { offset: number; limit: number }): Promise<TokenRow[]> {
  const rows = await db<LeasedTokenRow[]>`
    SELECT t.*, ${leased(db)} FROM tokens t WHERE user_id = ${userId} AND deleted_at IS NULL
    ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`;
  return rows.map(withLeasedQuota);
}

/** A user's tokens whose name contains `name` and key contains `key` (both literal text), newest first. */
export async function searchTokens(db: Db, userId: number, q: { name: string; key: string }): Promise<TokenRow[]> {
  const rows = await db<LeasedTokenRow[]>`
    SELECT t.*, ${leased(db)} FROM tokens t WHERE user_id = ${userId} AND deleted_at IS NULL
      AND name LIKE ${containsPattern(q.name)} AND key LIKE ${containsPattern(q.key)}
    ORDER BY id DESC LIMIT ${SEARCH_LIMIT}`;
  return rows.map(withLeasedQuota);
}

export async function getToken(db: Db, userId: number, id: number): Promise<TokenRow | null> {
  const [row] = await db<LeasedTokenRow[]>`
    SELECT t.*, ${leased(db)} FROM tokens t WHERE id = ${id} AND user_id = ${userId} AND deleted_at IS NULL`;
  return row ? withLeasedQuota(row) : null;
}


/** The id of the token with this key (deleted ones included: their logs stay readable), or null. */
export async function tokenIdByKey(db: Db, key: string): Promise<number | null> {
  const [row] = await db<{ id: number }[]>`SELECT id FROM tokens WHERE key = ${key}`;
  return row?.id ?? null;
}

export async function insertToken(db: Db, token: NewToken): Promise<void> {
  await db`INSERT INTO tokens ${db(definedColumns(token))}`;
}

/**
 * Writes a patch to a live token of the user; null when there is none. Setting remain_quota sets the whole
 * remainder, so the slices nodes hold leased from the token are cancelled in the same statement (no slice comes
 * back on top of the value set): their rows are marked, and each node drops its slice when it learns of it
 * (sql/0016_lease_writes.sql), charging the token what it spends from then on.
 */
export async function updateToken(db: Db, userId: number, id: number, patch: TokenPatch): Promise<TokenRow | null> {
  const [row] =
    patch.remain_quota === undefined
      ? await db<TokenRow[]>`
          UPDATE tokens SET ${db(patch)} WHERE id = ${id} AND user_id = ${userId} AND deleted_at IS NULL RETURNING *`
      : await db<TokenRow[]>`
          WITH edited AS (
            UPDATE tokens SET ${db(patch)} WHERE id = ${id} AND user_id = ${userId} AND deleted_at IS NULL RETURNING *
          ), cancelled AS (
            UPDATE quota_leases SET amount = 0, cancelled = true WHERE kind = 't' AND owner_id IN (SELECT id FROM edited) RETURNING 1
          )
          SELECT * FROM edited`;
  return row ?? null;
}

/** Soft-deletes those of the ids that are the user's live tokens; returns the ids deleted. */
export async function softDeleteTokens(db: Db, userId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db<{ id: number }[]>`
    UPDATE tokens SET deleted_at = now() WHERE user_id = ${userId} AND id = ANY(${ids}::bigint[]) AND deleted_at IS NULL RETURNING id`;
  return rows.map((r) => r.id);
}
