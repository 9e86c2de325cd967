import { z } from 'zod';
import { boundedText, GROUP_MAX, shortText } from './bounded-text.js';

/** new-api's validator bounds on User, in characters. */
export const USERNAME_MAX = 12;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const DISPLAY_NAME_MAX = 20;
export const EMAIL_MAX = 50;

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

// The same bodies as the server reads them (Go's zero values for what is missing, text bounded); the
// rules above and their messages are applied by the handlers after parsing.

/** `POST /api/user/`: the role sent is only compared with the caller's; the user is always common. */
export const adminUserCreateBodySchema = z.object({
  username: shortText.default(''),
  password: shortText.default(''),
  display_name: shortText.default(''),
  role: z.number().int().default(0),
});

/** `PUT /api/user/`: absent fields stay as they are; an empty password keeps the old one. */
export const adminUserEditBodySchema = z.object({
  id: z.number().int().default(0),
  username: shortText.optional(),
  display_name: shortText.optional(),
  group: boundedText(GROUP_MAX).optional(),
  quota: z.number().int().optional(),
  password: shortText.default(''),
  role: z.number().int().default(0),
});

/** `POST /api/user/manage`: an unknown action changes nothing and succeeds, as in new-api. */
export const userManageBodySchema = z.object({ id: z.number().int().default(0), action: shortText.default('') });
