import { z } from 'zod';

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
  username: z.string().min(1).max(12),
  password: z.string().min(8).max(20),
  password2: z.string(),
  email: z.string().max(50).optional(),
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
