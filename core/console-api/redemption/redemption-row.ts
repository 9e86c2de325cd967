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

export const REDEMPTION_UNUSED = 1;
export const REDEMPTION_DISABLED = 2;
export const REDEMPTION_USED = 3;

/** new-api's JSON: the request-only `count` is serialised as 0, gorm's DeletedAt keeps its Go name. */
export const redemptionJson = (row: RedemptionRow) => ({
  id: row.id,
  user_id: row.user_id,
  key: row.key.trim(),
  status: row.status,
  name: row.name,
  quota: row.quota,
  created_time: row.created_time,
  redeemed_time: row.redeemed_time,
  count: 0,
  used_user_id: row.used_user_id,
  DeletedAt: row.deleted_at,
});
