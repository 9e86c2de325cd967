import { REDEMPTION_STATUS } from '../../contracts/redemption.js';
import type { Sql } from '../connect.js';
import type { Db } from './db.js';
import { prefixPattern } from './like-pattern.js';
import { claimAndCredit, type CreditLog, type TopUpCredit } from './top-up-credit.js';

/** A redemptions row as the driver returns it (new-api schema; int8 parsed to number in connect.ts). */
export interface RedemptionRow {
  id: number;
  user_id: number;
  key: string;
  status: number;
  name: string;
  quota: number;
  created_time: number;
  redeemed_time: number;
  used_user_id: number;
  deleted_at: Date | null;
}

export type NewRedemption = Pick<RedemptionRow, 'user_id' | 'key' | 'status' | 'name' | 'quota' | 'created_time'>;

/**
 * One page of live codes, newest first, with the count of all matches: every code, or (keyword) those whose
 * name starts with the keyword (wildcards literal) or whose id it is.
 */
export async function listRedemptions(
  db: Db,
  q: { offset: number; limit: number; keyword?: string },
): Promise<{ rows: RedemptionRow[]; total: number }> {
  const id = q.keyword !== undefined && /^\d{1,15}$/.test(q.keyword) ? Number(q.keyword) : -1;
  const filter = q.keyword === undefined ? db`` : db`AND (name LIKE ${prefixPattern(q.keyword)} OR id = ${id})`;
  const [rows, [count]] = await Promise.all([
    db<RedemptionRow[]>`SELECT * FROM redemptions WHERE deleted_at IS NULL ${filter} ORDER BY id DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
    db<{ n: number }[]>`SELECT count(*)::bigint AS n FROM redemptions WHERE deleted_at IS NULL ${filter}`,
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function getRedemption(db: Db, id: number): Promise<RedemptionRow | null> {
  const [row] = await db<RedemptionRow[]>`SELECT * FROM redemptions WHERE id = ${id} AND deleted_at IS NULL`;
  return row ?? null;
}

/** A live code by its key, or null. */
export async function redemptionByKey(db: Db, key: string): Promise<Pick<RedemptionRow, 'id' | 'quota' | 'status'> | null> {
  const [row] = await db<Pick<RedemptionRow, 'id' | 'quota' | 'status'>[]>`
    SELECT id, quota, status FROM redemptions WHERE key = ${key} AND deleted_at IS NULL`;
  return row ?? null;
}

/** Inserts the codes in one statement: all or none. */
export async function insertRedemptions(db: Db, codes: NewRedemption[]): Promise<void> {
  if (codes.length) await db`INSERT INTO redemptions ${db(codes)}`;
}

/** Enables or disables a live code that is not used; null when there is none such. */
export async function setRedemptionStatus(db: Db, id: number, status: number): Promise<RedemptionRow | null> {
  const [row] = await db<RedemptionRow[]>`
    UPDATE redemptions SET status = ${status} WHERE id = ${id} AND deleted_at IS NULL AND status <> ${REDEMPTION_STATUS.used} RETURNING *`;
  return row ?? null;
}

/** Renames and re-prices a live unused code; null when there is none such. */
export async function updateUnusedRedemption(db: Db, id: number, patch: Pick<RedemptionRow, 'name' | 'quota'>): Promise<RedemptionRow | null> {
  const [row] = await db<RedemptionRow[]>`
    UPDATE redemptions SET name = ${patch.name}, quota = ${patch.quota}
    WHERE id = ${id} AND deleted_at IS NULL AND status = ${REDEMPTION_STATUS.unused} RETURNING *`;
  return row ?? null;
}

/** Soft delete, as new-api; whether a live code was there. */
export async function softDeleteRedemption(db: Db, id: number): Promise<boolean> {
  const rows = await db`UPDATE redemptions SET deleted_at = now() WHERE id = ${id} AND deleted_at IS NULL RETURNING id`;
  return rows.length > 0;
}

/**
 * Marks a code used by a user and credits its quota, in one statement (claimAndCredit). The claim holds only
 * while the code is unused and still worth `code.quota` (an admin edit in between makes it miss, and the
 * caller reads the code again); whether this call won.
 */
export function redeemForUser(
  sql: Sql,
  code: Pick<RedemptionRow, 'id' | 'quota'>,
  credit: TopUpCredit,
  logElsewhere: ((row: CreditLog) => void) | null = null,
): Promise<boolean> {
  return claimAndCredit(
    sql,
    sql`UPDATE redemptions SET status = ${REDEMPTION_STATUS.used}, redeemed_time = ${credit.now}, used_user_id = ${credit.userId}
        WHERE id = ${code.id} AND status = ${REDEMPTION_STATUS.unused} AND quota = ${code.quota} AND deleted_at IS NULL
          AND EXISTS (SELECT 1 FROM users WHERE id = ${credit.userId})
        RETURNING id`,
    credit,
    logElsewhere,
  );
}
