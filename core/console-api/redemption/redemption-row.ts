import type { RedemptionRow } from '../../db/repositories/redemptions.js';

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
