import type { Db } from './db.js';

/**
 * The column `leased_quota`: what gateway nodes hold leased from a user's balance ('u') or a token's remaining quota
 * ('t') (core/billing/quota-leases.ts), which is still its owner's; `owner` names the row's id column. A node that
 * adds its own slices from memory leaves them out with `exceptNode`. Read in the statement that reads the row, so a
 * slice taken or handed back meanwhile is counted once.
 */
export const leasedQuota = (db: Db, kind: 'u' | 't', owner: ReturnType<Db>, exceptNode?: string) =>
  db`(SELECT COALESCE(sum(l.amount), 0) FROM quota_leases l WHERE l.kind = ${kind} AND l.owner_id = ${owner}${
    exceptNode === undefined ? db`` : db` AND l.node <> ${exceptNode}`
  }) AS leased_quota`;

/** A row read with leasedQuota. */
export type WithLeasedQuota<Row> = Row & { leased_quota: number | string };
