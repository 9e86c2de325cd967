import type { AppServices } from '../../app-services.js';
import { hashPassword } from '../../auth/password.js';
import { newAffCode } from '../../auth/random-key.js';
import { insertUserWithInviter, inviterIdOf as inviterByCode } from '../../db/repositories/users.js';
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

  // A 4-character code collides now and then; the unique index decides and a new one is drawn.
  const { row, inviter } = await insertUserWithInviter(
    app.sql,
    { ...input, password, quota: newUserQuota + Math.max(0, inviteeQuota), inviter_id: inviterId },
    { inviterId, inviterQuota },
    newAffCode,
    AFF_CODE_ATTEMPTS,
  ).catch(usernameTaken);

  if (newUserQuota > 0) recordUserLog(app, row, LOG_SYSTEM, `新用户注册赠送 ${quotaText(app, newUserQuota)}`);
  if (inviteeQuota > 0) recordUserLog(app, row, LOG_SYSTEM, `使用邀请码赠送 ${quotaText(app, inviteeQuota)}`);
  if (inviter) {
    recordUserLog(app, inviter, LOG_SYSTEM, `邀请用户赠送 ${quotaText(app, inviterQuota)}`);
    app.invalidation.publish('user', inviter.id);
  }
  return row;
}

/** The inviter behind an aff_code, or 0 (unknown codes are ignored, as new-api). */
export async function inviterIdOf(app: AppServices, affCode: string | undefined): Promise<number> {
  return affCode ? inviterByCode(app.sql, affCode) : 0;
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
