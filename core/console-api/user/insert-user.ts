import type { AppServices } from '../../app-services.js';
import { hashPassword } from '../../auth/password.js';
import { newAffCode } from '../../auth/random-key.js';
import { LOG_SYSTEM, type UserRow } from '../../db/rows.js';
import { ApiError } from '../envelope.js';
import { quotaText, recordUserLog } from './record-user-log.js';

export type NewUser = Pick<UserRow, 'username' | 'display_name'> &
  Partial<Pick<UserRow, 'email' | 'github_id' | 'oidc_id' | 'wechat_id' | 'telegram_id' | 'linux_do_id'>> & {
    /** plain text; "" for accounts created through a third-party sign-in */
    password: string;
  };

export const USERNAME_TAKEN = '用户名已存在，或已注销';
const AFF_CODE_ATTEMPTS = 5;

/**
 * new-api's User.Insert (spec console-api.md §5.1 step 8), shared by registration, admin create and the
 * third-party sign-ins: quota = QuotaForNewUser (+ QuotaForInvitee with an inviter), a fresh 4-character
 * aff_code, and for the inviter aff_count + 1 and aff_quota/aff_history + QuotaForInviter (never quota).
 * The user row and the inviter's reward are one transaction; the gift logs are type 4.
 */
export async function insertUser(app: AppServices, input: NewUser, inviterId = 0): Promise<UserRow> {
  const { options } = app;
  const newUserQuota = options.number('QuotaForNewUser');
  const inviteeQuota = inviterId ? options.number('QuotaForInvitee') : 0;
  const inviterQuota = inviterId ? options.number('QuotaForInviter') : 0;
  const password = input.password ? await hashPassword(input.password) : '';

  const { row, inviter } = await app.sql.begin(async (tx) => {
    let created: UserRow | undefined;
    // A 4-character code collides now and then; the unique index decides and we draw again.
    for (let i = 0; i < AFF_CODE_ATTEMPTS && !created; i++) {
      const values = definedOnly({ ...input, password, quota: newUserQuota + Math.max(0, inviteeQuota), inviter_id: inviterId, aff_code: newAffCode() });
      [created] = await tx<UserRow[]>`INSERT INTO users ${tx(values)} ON CONFLICT (aff_code) DO NOTHING RETURNING *`.catch(usernameTaken);
    }
    if (!created) throw new Error('could not draw a free aff_code');
    const [rewarded] = inviterQuota > 0
      ? await tx<{ id: number; username: string }[]>`
          UPDATE users SET aff_count = aff_count + 1, aff_quota = aff_quota + ${inviterQuota}, aff_history = aff_history + ${inviterQuota}
          WHERE id = ${inviterId} RETURNING id, username`
      : [];
    return { row: created, inviter: rewarded };
  });

  if (newUserQuota > 0) recordUserLog(app, row, LOG_SYSTEM, `新用户注册赠送 ${quotaText(app, newUserQuota)}`);
  if (inviteeQuota > 0) recordUserLog(app, row, LOG_SYSTEM, `使用邀请码赠送 ${quotaText(app, inviteeQuota)}`);
  if (inviter) {
    recordUserLog(app, inviter, LOG_SYSTEM, `邀请用户赠送 ${quotaText(app, inviterQuota)}`);
    app.invalidation.publish('user', inviter.id);
  }
  return row;
}

// postgres.js refuses undefined values; absent identity fields keep their column defaults.
const definedOnly = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** The inviter behind an aff_code, or 0 (unknown codes are ignored, as new-api). */
export async function inviterIdOf(app: AppServices, affCode: string | undefined): Promise<number> {
  if (!affCode) return 0;
  const [row] = await app.sql<{ id: number }[]>`SELECT id FROM users WHERE aff_code = ${affCode} AND deleted_at IS NULL`;
  return row?.id ?? 0;
}

/** A unique-index violation on users.username, which includes soft-deleted users, becomes new-api's message. */
export function usernameTaken(e: unknown): never {
  if (isUniqueViolation(e, 'idx_users_username')) throw new ApiError(USERNAME_TAKEN);
  throw e;
}

export function isUniqueViolation(e: unknown, constraint: string): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const err = e as { code?: unknown; constraint_name?: unknown };
  return err.code === '23505' && err.constraint_name === constraint;
}
