import { z } from 'zod';

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

/** A webhook must be an absolute http(s) URL (new-api accepts any URI, a path included). */
export function isWebhookUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
