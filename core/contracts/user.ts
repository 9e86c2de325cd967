import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from './admin-user.js';
import { boundedText, shortText, URL_MAX } from './bounded-text.js';

export const ROLE_COMMON = 1;
export const ROLE_ADMIN = 10;
export const ROLE_ROOT = 100;

/** The User JSON as `/api/user/self` returns it (password present but always ""). */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  display_name: z.string(),
  role: z.number().int(),
  status: z.number().int(),
  email: z.string().optional().default(''),
  github_id: z.string().optional().default(''),
  oidc_id: z.string().optional().default(''),
  wechat_id: z.string().optional().default(''),
  telegram_id: z.string().optional().default(''),
  linux_do_id: z.string().optional().default(''),
  quota: z.number().optional().default(0),
  used_quota: z.number().optional().default(0),
  request_count: z.number().optional().default(0),
  group: z.string().optional().default('default'),
  aff_code: z.string().optional().default(''),
  aff_count: z.number().optional().default(0),
  aff_quota: z.number().optional().default(0),
  aff_history_quota: z.number().optional().default(0),
  inviter_id: z.number().optional().default(0),
  access_token: z.string().nullable().optional(),
  setting: z.string().optional().default(''),
  DeletedAt: z.unknown().optional(),
});
export type User = z.infer<typeof userSchema>;

/** What login stores locally: the login response only fills these fields. */
export type SessionUser = Pick<User, 'id' | 'username' | 'display_name' | 'role' | 'status' | 'group'>;

export const loginRequestSchema = z.object({
  username: z.string().min(1),
  password: z.string().min(1),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  username: z.string().min(1).max(USERNAME_MAX),
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
  password2: z.string(),
  email: z.string().max(EMAIL_MAX).optional(),
  verification_code: z.string().optional(),
  aff_code: z.string().optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** `PUT /api/user/self`: the original password is always checked by the server. */
export const selfUpdateRequestSchema = z.object({
  original_password: z.string(),
  password: z.string().optional(),
  username: z.string().optional(),
  display_name: z.string().optional(),
});
export type SelfUpdateRequest = z.infer<typeof selfUpdateRequestSchema>;

/** `PUT /api/user/setting` body, also the JSON inside `user.setting`. */
export const userSettingSchema = z.object({
  notify_type: z.enum(['email', 'webhook']),
  quota_warning_threshold: z.number().positive(),
  webhook_url: z.string().optional(),
  webhook_secret: z.string().optional(),
  notification_email: z.string().optional(),
  accept_unset_model_ratio_model: z.boolean().optional(),
});
export type UserSetting = z.infer<typeof userSettingSchema>;

/** `GET /api/user/self/groups`: group name → {ratio, desc}. */
export const userGroupsSchema = z.record(z.string(), z.object({ ratio: z.number(), desc: z.string() }));
export type UserGroups = z.infer<typeof userGroupsSchema>;

// The same bodies as the server reads them: Go's zero values for what is missing, text bounded before any
// query or hash; the product rules and their messages (user-validation.ts, the setting checks) come after.

/** `POST /api/user/login`. Bounded generously (any existing username or email logs in) but before the query. */
export const loginBodySchema = z.object({ username: shortText, password: shortText });

/** `POST /api/user/register`: a User JSON of which only these fields are read (password2, role… are ignored). */
export const registerBodySchema = z.object({
  username: shortText.default(''),
  password: shortText.default(''),
  email: shortText.default(''),
  verification_code: shortText.default(''),
  aff_code: shortText.default(''),
});

/** `PUT /api/user/self`: only these fields of the User JSON are read; role, quota, group, status… are ignored. */
export const selfUpdateBodySchema = z.object({
  username: shortText.default(''),
  password: shortText.default(''),
  display_name: shortText.default(''),
  original_password: shortText.default(''),
});

/** `PUT /api/user/setting`. */
export const userSettingBodySchema = z.object({
  notify_type: shortText.default(''),
  quota_warning_threshold: z.number().default(0),
  webhook_url: boundedText(URL_MAX).default(''),
  webhook_secret: shortText.default(''),
  notification_email: shortText.default(''),
  accept_unset_model_ratio_model: z.boolean().default(false),
});

/** `POST /api/user/reset`: the address and the token of the mailed link. */
export const passwordResetBodySchema = z.object({ email: shortText.default(''), token: shortText.default('') });
