import type { Dispatcher } from 'undici';
import type { Env } from '../config/env.js';
import type { Sql } from '../db/connect.js';
import type { Logger } from '../log/logger.js';
import { sendMail } from '../mail/send-mail.js';
import type { NotifyLimit } from '../notify/notify-throttle.js';
import { isWebhookUrl, readUserSetting } from '../notify/user-setting.js';
import { sendWebhook } from '../notify/webhook.js';
import type { OptionsStore } from '../options/options-store.js';
import { outboundDispatcher, userUrlPolicy } from '../upstream/outbound-policy.js';
import type { Notice } from './health-effects.js';

/**
 * Tells the root user (new-api's NotifyRootUser): by webhook or mail, as root's own notification setting says,
 * within the notification limit per notice type (notify-throttle.ts) so that a dying fleet of keys does not flood the inbox.
 * Failures are logged, never thrown.
 */
export class RootNotifier {
  private readonly webhooks: Dispatcher;

  constructor(private readonly deps: { sql: Sql; env: Env; options: OptionsStore; log: Logger; notifyLimit: NotifyLimit }) {
    this.webhooks = outboundDispatcher(userUrlPolicy(deps.env));
  }

  async notify(notice: Notice): Promise<void> {
    try {
      const [root] = await this.deps.sql<{ id: number; email: string | null; setting: string | null }[]>`
        SELECT id, email, setting FROM users WHERE role = 100 AND deleted_at IS NULL ORDER BY id LIMIT 1`;
      if (!root || !(await this.deps.notifyLimit.allow(root.id, notice.type))) return;
      const setting = readUserSetting(root.setting ?? '');
      if (setting.notify_type === 'webhook') {
        if (!setting.webhook_url || !isWebhookUrl(setting.webhook_url)) throw new Error('invalid webhook url');
        const payload = { type: notice.type, title: notice.subject, content: notice.content, values: [], timestamp: Math.floor(Date.now() / 1000) };
        await sendWebhook(setting.webhook_url, setting.webhook_secret, payload, this.webhooks);
        return;
      }
      const to = setting.notification_email || root.email;
      if (!to) throw new Error('root has no email address');
      await sendMail(this.deps.options, { to, subject: notice.subject, html: notice.content });
    } catch (e) {
      this.deps.log.warn('root notification failed', { subject: notice.subject, error: e instanceof Error ? e.message : String(e) });
    }
  }
}
