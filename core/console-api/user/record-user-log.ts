import type { AppServices } from '../../app-services.js';
import { newLog } from '../../billing/log-writer.js';
import { logQuota } from '../../billing/format-quota.js';

/**
 * new-api's RecordLog for the console (gifts, admin quota edits): one row of the given type with the user's
 * name and the text, queued on the batched log writer like every other log row.
 */
export function recordUserLog(app: AppServices, user: { id: number; username: string }, type: number, content: string): void {
  app.logs.add(newLog({ user_id: user.id, type, content, username: user.username }));
}

/** An amount as new-api's LogQuota prints it under the current display options. */
export function quotaText(app: Pick<AppServices, 'options'>, quota: number): string {
  return logQuota(quota, app.options.bool('DisplayInCurrencyEnabled'), app.options.number('QuotaPerUnit'));
}
