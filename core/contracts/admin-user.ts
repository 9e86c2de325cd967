import { z } from 'zod';

/** new-api's validator bounds on User, in characters. */
export const USERNAME_MAX = 12;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const DISPLAY_NAME_MAX = 20;

/** 1 enabled, 2 banned; the list offers no enable action for 3. */
export const USER_STATUS = { enabled: 1, disabled: 2 } as const;

/** `POST /api/user/` (admin): always a common, enabled user. Display name defaults to the username. */
export const adminUserCreateSchema = z.object({
  username: z.string().min(1).max(USERNAME_MAX),
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
  display_name: z.string().max(DISPLAY_NAME_MAX),
});
export type AdminUserCreate = z.infer<typeof adminUserCreateSchema>;

/**
 * `PUT /api/user/` (admin): fields left out stay as they are; an empty password or username means
 * unchanged. Group and quota are left out when administrators edit themselves.
 */
export const adminUserUpdateSchema = z.object({
  id: z.number().int(),
  username: z.string().max(USERNAME_MAX),
  display_name: z.string().max(DISPLAY_NAME_MAX),
  password: z.union([z.literal(''), z.string().min(PASSWORD_MIN).max(PASSWORD_MAX)]),
  group: z.string().optional(),
  quota: z.number().int().optional(),
});
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

export const USER_MANAGE_ACTIONS = ['promote', 'demote', 'disable', 'enable', 'delete'] as const;
export type UserManageAction = (typeof USER_MANAGE_ACTIONS)[number];

/** `POST /api/user/manage`: data is a user whose role and status are the new ones. */
export const userManageSchema = z.object({ id: z.number().int(), action: z.enum(USER_MANAGE_ACTIONS) });
export type UserManage = z.infer<typeof userManageSchema>;
