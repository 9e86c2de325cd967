import { z } from 'zod';
import type { CachedUser } from '../cache/user-cache.js';

/** The JSON in users.setting as PUT /api/user/setting writes it (spec console-api.md §8.6). */
export const storedUserSetting = z
  .object({
    notify_type: z.enum(['email', 'webhook']).optional(),
    quota_warning_threshold: z.number().optional(),
    webhook_url: z.string().optional(),
    webhook_secret: z.string().optional(),
    notification_email: z.string().optional(),
    accept_unset_model_ratio_model: z.boolean().optional(),
  })
  .loose();

export type StoredUserSetting = z.infer<typeof storedUserSetting>;

/** The user's setting; an empty or unreadable column reads as "nothing set". */
export function readUserSetting(text: string): StoredUserSetting {
  if (!text) return {};
  try {
    return storedUserSetting.safeParse(JSON.parse(text)).data ?? {};
  } catch {
    return {};
  }
}

// The relay reads a user's setting on every charge; it is parsed once per cached user object (the cache
// replaces the object whenever the user changes).
const parsed = new WeakMap<CachedUser, StoredUserSetting>();

export function settingOf(user: CachedUser): StoredUserSetting {
  let setting = parsed.get(user);
  if (!setting) {
    setting = readUserSetting(user.setting);
    parsed.set(user, setting);
  }
  return setting;
}

/** A webhook must be an absolute http(s) URL (new-api accepts any URI, a path included). */
export function isWebhookUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
