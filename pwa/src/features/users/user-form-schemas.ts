import { z } from 'zod';
import { DISPLAY_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, type AdminUserCreate, type AdminUserUpdate } from '../../../../core/contracts/admin-user';
import type { User } from '../../../../core/contracts/user';

const chars = (text: string) => [...text].length;
const username = z.string().trim().refine((v) => chars(v) <= USERNAME_MAX, 'register.errors.usernameTooLong');
const displayName = z.string().trim().refine((v) => chars(v) <= DISPLAY_NAME_MAX, 'users.form.errors.displayNameTooLong');
const passwordBounds = (v: string) => chars(v) >= PASSWORD_MIN && chars(v) <= PASSWORD_MAX;
const passwordMessage = (v: string) => (chars(v) < PASSWORD_MIN ? 'register.errors.passwordTooShort' : 'register.errors.passwordTooLong');
/** A whole number, negative allowed: balances and additions may go below zero. */
const signedInteger = (message: string) => z.string().trim().regex(/^-?\d+$/, message).transform(Number).refine(Number.isSafeInteger, message);

export type AddUserValues = { username: string; display_name: string; password: string };
export const emptyAddUser = (): AddUserValues => ({ username: '', display_name: '', password: '' });

/** Username and password are required (用户名和密码不能为空！); the display name defaults to the username on the server. */
export const addUserSchema: z.ZodType<AdminUserCreate, AddUserValues> = z
  .object({ username: username.refine((v) => v !== '', 'users.form.errors.required'), display_name: displayName, password: z.string() })
  .superRefine(({ password }, ctx) => {
    if (password === '') ctx.addIssue({ code: 'custom', path: ['password'], message: 'users.form.errors.required' });
    else if (!passwordBounds(password)) ctx.addIssue({ code: 'custom', path: ['password'], message: passwordMessage(password) });
  });

export type EditUserValues = { username: string; display_name: string; password: string; group: string; quota: string };

export const userToEditForm = (user: User): EditUserValues => ({
  username: user.username,
  display_name: user.display_name,
  password: '',
  group: user.group,
  quota: String(user.quota),
});

/**
 * An empty password keeps the old one. Group and quota are sent only when editing someone else: an
 * administrator cannot change their own.
 */
export function editUserSchema(id: number, ownAccount: boolean): z.ZodType<AdminUserUpdate, EditUserValues> {
  return z
    .object({
      username: username.refine((v) => v !== '', 'register.errors.usernameRequired'),
      display_name: displayName,
      password: z.string().refine((v) => v === '' || passwordBounds(v), { error: (issue) => passwordMessage(String(issue.input)) }),
      group: z.string().trim(),
      quota: ownAccount ? z.string() : signedInteger('users.form.errors.quota'),
    })
    .transform(({ group, quota, ...rest }) => (ownAccount ? { id, ...rest } : { id, ...rest, group, quota: Number(quota) }));
}

export type AddQuotaValues = { amount: string };

/** The addition may be negative; the result is old + addition. */
export const addQuotaSchema: z.ZodType<number, AddQuotaValues> = z.object({ amount: signedInteger('users.addQuota.invalid') }).transform((v) => v.amount);
