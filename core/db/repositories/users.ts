import { ROLE_ROOT } from '../../contracts/user.js';
import type { Sql } from '../connect.js';
import type { UserRow } from '../rows.js';
import { definedColumns } from './columns.js';
import type { Db } from './db.js';
import { leasedQuota, type WithLeasedQuota } from './leased-quota.js';
import { containsPattern } from './like-pattern.js';

/**
 * Users. "Live" means not soft-deleted; lookups that must see deregistered accounts too (usernames and
 * addresses are never handed out again, manage acts on deleted users) say so.
 */

/**
 * Whose quota leases a balance read adds to the row (leasedQuota): those of every gateway node but the one named,
 * which adds its own slices from memory (QuotaLedger.readLeased); null adds none.
 */
export type LeasesSeen = { exceptNode: string } | null;

type LeasedUserRow = WithLeasedQuota<UserRow>;

const leased = (db: Db, leases: LeasesSeen) => (leases === null ? db`0 AS leased_quota` : leasedQuota(db, 'u', db`users.id`, leases.exceptNode));

function withLeasedQuota({ leased_quota, ...row }: LeasedUserRow): UserRow {
  return { ...row, quota: row.quota + Number(leased_quota) };
}

/**
 * One page of users, soft-deleted ones included, newest first, with the count of all matches. A keyword
 * matches username, email or display name containing it (wildcards literal), or the id it spells; `group`
 * is exact.
 */
export async function listUsers(
  db: Db,
  q: { offset: number; limit: number; keyword?: string; group?: string },
  leases: LeasesSeen = null,
): Promise<{ rows: UserRow[]; total: number }> {
  let where = db`TRUE`;
  if (q.keyword !== undefined) {
    const like = containsPattern(q.keyword);
    const byId = /^[+-]?\d{1,15}$/.test(q.keyword) ? db`id = ${Number(q.keyword)} OR ` : db``;
    where = db`(${byId}username LIKE ${like} OR email LIKE ${like} OR display_name LIKE ${like}) ${q.group ? db`AND "group" = ${q.group}` : db``}`;
  }
  const [rows, [count]] = await Promise.all([
    db<LeasedUserRow[]>`SELECT users.*, ${leased(db, leases)} FROM users WHERE ${where} ORDER BY id DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
    db<{ n: number }[]>`SELECT count(*)::bigint AS n FROM users WHERE ${where}`,
  ]);
  return { rows: rows.map(withLeasedQuota), total: count?.n ?? 0 };
}

export async function getLiveUser(db: Db, id: number, leases: LeasesSeen = null): Promise<UserRow | null> {
  const [row] = await db<LeasedUserRow[]>`SELECT users.*, ${leased(db, leases)} FROM users WHERE id = ${id} AND deleted_at IS NULL`;
  return row ? withLeasedQuota(row) : null;
}

/** A user whether soft-deleted or not. */
export async function getAnyUser(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db<UserRow[]>`SELECT * FROM users WHERE id = ${id}`;
  return row ?? null;
}

/** The live user signing in with this username, or else with this email (a username match wins). */
export async function userForLogin(db: Db, usernameOrEmail: string): Promise<UserRow | null> {
  const [row] = await db<UserRow[]>`
    SELECT * FROM users WHERE (username = ${usernameOrEmail} OR (email <> '' AND email = ${usernameOrEmail})) AND deleted_at IS NULL
    ORDER BY (username = ${usernameOrEmail}) DESC LIMIT 1`;
  return row ?? null;
}

/** Whether any user, soft-deleted ones included, has this username or (when given) this email. */
export async function usernameOrEmailTaken(db: Db, username: string, email: string): Promise<boolean> {
  const [row] = await db`SELECT 1 FROM users WHERE username = ${username} ${email ? db`OR email = ${email}` : db``} LIMIT 1`;
  return row !== undefined;
}

/** Whether a user other than `exceptId`, soft-deleted ones included, holds the address (new-api's IsEmailAlreadyTaken). */
export async function emailTaken(db: Db, email: string, exceptId = 0): Promise<boolean> {
  const [row] = await db`SELECT 1 FROM users WHERE email = ${email} AND id <> ${exceptId} LIMIT 1`;
  return row !== undefined;
}

/** The live user behind an invitation code, or 0. */
export async function inviterIdOf(db: Db, affCode: string): Promise<number> {
  const [row] = await db<{ id: number }[]>`SELECT id FROM users WHERE aff_code = ${affCode} AND deleted_at IS NULL`;
  return row?.id ?? 0;
}

export async function rootExists(db: Db): Promise<boolean> {
  const [row] = await db`SELECT 1 FROM users WHERE role = ${ROLE_ROOT} AND deleted_at IS NULL LIMIT 1`;
  return row !== undefined;
}

/** Columns a new user may be given; anything left out keeps its column default. */
export type NewUserRow = Partial<Omit<UserRow, 'id' | 'deleted_at'>> & Pick<UserRow, 'username' | 'password' | 'display_name'>;

/**
 * Inserts a user with a freshly drawn aff_code and rewards the inviter (aff_count + 1, aff_quota and
 * aff_history + `inviterQuota`), in one transaction. A drawn code another user holds is drawn again, up to
 * `attempts` times. Returns the row and the rewarded inviter (none when the quota is 0 or the inviter is gone).
 */
export async function insertUserWithInviter(
  sql: Sql,
  user: NewUserRow,
  invite: { inviterId: number; inviterQuota: number },
  drawAffCode: () => string,
  attempts: number,
): Promise<{ row: UserRow; inviter: { id: number; username: string } | undefined }> {
  return sql.begin(async (tx) => {
    let created: UserRow | undefined;
    for (let i = 0; i < attempts && !created; i++) {
      [created] = await tx<UserRow[]>`INSERT INTO users ${tx(definedColumns({ ...user, aff_code: drawAffCode() }))} ON CONFLICT (aff_code) DO NOTHING RETURNING *`;
    }
    if (!created) throw new Error('could not draw a free aff_code');
    const [rewarded] = invite.inviterQuota > 0
      ? await tx<{ id: number; username: string }[]>`
          UPDATE users SET aff_count = aff_count + 1, aff_quota = aff_quota + ${invite.inviterQuota}, aff_history = aff_history + ${invite.inviterQuota}
          WHERE id = ${invite.inviterId} RETURNING id, username`
      : [];
    return { row: created, inviter: rewarded };
  });
}

/** Inserts a user as given (no aff_code drawn, no inviter): the root account of the first setup. */
export async function insertPlainUser(db: Db, user: NewUserRow): Promise<void> {
  await db`INSERT INTO users ${db(definedColumns(user))}`;
}

/** The plain columns a console write sets on one user (not quota, role or status, which have their own writers). */
export type UserPatch = Partial<Pick<UserRow, 'username' | 'display_name' | 'password' | 'email' | 'setting' | 'access_token' | 'group'>>;

export async function updateUser(db: Db, id: number, patch: UserPatch): Promise<void> {
  const columns = definedColumns(patch);
  if (Object.keys(columns).length) await db`UPDATE users SET ${db(columns)} WHERE id = ${id}`;
}

/**
 * An admin edit: null keeps a column, and quota moves by a delta so that charges landing meanwhile are
 * not overwritten.
 */
export async function editUser(
  db: Db,
  id: number,
  edit: { username: string | null; display_name: string | null; group: string | null; password: string | null; quotaDelta: number },
): Promise<void> {
  await db`
    UPDATE users SET
      username = COALESCE(${edit.username}, username),
      display_name = COALESCE(${edit.display_name}, display_name),
      "group" = COALESCE(${edit.group}, "group"),
      password = COALESCE(${edit.password}, password),
      quota = quota + ${edit.quotaDelta}
    WHERE id = ${id}`;
}

/** Sets role and status, soft-deleting the user too when asked. */
export async function setRoleAndStatus(db: Db, id: number, role: number, status: number, softDelete: boolean): Promise<void> {
  await db`UPDATE users SET role = ${role}, status = ${status} ${softDelete ? db`, deleted_at = now()` : db``} WHERE id = ${id}`;
}

export async function softDeleteUser(db: Db, id: number): Promise<void> {
  await db`UPDATE users SET deleted_at = now() WHERE id = ${id} AND deleted_at IS NULL`;
}

export async function hardDeleteUser(db: Db, id: number): Promise<void> {
  await db`DELETE FROM users WHERE id = ${id}`;
}

/** The user's invitation code, or null when none was drawn yet (root starts without one). */
export async function affCodeOf(db: Db, id: number): Promise<string | null> {
  const [row] = await db<{ aff_code: string | null }[]>`SELECT aff_code FROM users WHERE id = ${id}`;
  return row?.aff_code || null;
}

/** Saves a drawn invitation code unless the user has one already (a unique violation when another user holds it). */
export async function setAffCodeIfNone(db: Db, id: number, code: string): Promise<void> {
  await db`UPDATE users SET aff_code = ${code} WHERE id = ${id} AND (aff_code IS NULL OR aff_code = '')`;
}

/**
 * Moves invitation earnings to the balance: one conditional UPDATE does the check and both moves, so
 * concurrent transfers can never spend the earnings twice. Whether the earnings sufficed.
 */
export async function transferAffQuota(db: Db, id: number, quota: number): Promise<boolean> {
  const moved = await db`
    UPDATE users SET aff_quota = aff_quota - ${quota}, quota = quota + ${quota}
    WHERE id = ${id} AND aff_quota >= ${quota} RETURNING id`;
  return moved.length > 0;
}

/** Sets a new password hash and revokes the system access token of every live user with this email; their ids. */
export async function resetPasswordsByEmail(db: Db, email: string, passwordHash: string): Promise<number[]> {
  const rows = await db<{ id: number }[]>`
    UPDATE users SET password = ${passwordHash}, access_token = NULL WHERE email = ${email} AND deleted_at IS NULL RETURNING id`;
  return rows.map((r) => r.id);
}
