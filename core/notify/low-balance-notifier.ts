import type { Dispatcher } from 'undici';
import { formatQuota } from '../billing/format-quota.js';
import type { CachedUser } from '../cache/user-cache.js';
import type { Env } from '../config/env.js';
import type { Logger } from '../log/logger.js';
import { sendMail } from '../mail/send-mail.js';
import { serverAddress } from '../options/server-address.js';
import type { OptionsStore } from '../options/options-store.js';
import { outboundDispatcher, userUrlPolicy } from '../upstream/outbound-policy.js';
import type { NotifyLimit } from './notify-throttle.js';
import { isWebhookUrl, settingOf, type StoredUserSetting } from './user-setting.js';
import { sendWebhook } from './webhook.js';

export interface LowBalanceDeps {
  env: Env;
  options: OptionsStore;
  log: Logger;
  /** the process's or the fleet's count (notify-throttle.ts), shared with the root user's notices */
  throttle: NotifyLimit;
}

const TYPE = 'quota_exceed';
const TITLE = '您的额度即将用尽';
// new-api's text; each {{value}} takes the next entry of values.
const CONTENT = "{{value}}，当前剩余额度为 {{value}}，为了不影响您的使用，请及时充值。<br/>充值链接：<a href='{{value}}'>{{value}}</a>";

/**
 * Low-balance notices (spec console-api.md §8.6, relay.md §4.6), told after every relay charge. A notice
 * goes out when the charge takes the balance below the user's quota_warning_threshold (else the option
 * QuotaRemindThreshold), by email or signed webhook as the user chose, within new-api's limit per user
 * (notify-throttle.ts). new-api sends on every charge while below the threshold (throttled); here only the
 * crossing sends, so a user spending a small balance is told once rather than every window.
 * Everything happens after afterCharge has returned: the relay never waits, and failures are only logged.
 */
export class LowBalanceNotifier {
  /** webhooks are user-supplied URLs: the address actually connected to is checked (spec S2) */
  private readonly webhooks: Dispatcher;

  constructor(private readonly deps: LowBalanceDeps) {
    this.webhooks = outboundDispatcher(userUrlPolicy(deps.env));
  }

  /** `user` as the relay's cache holds it (email, setting); a refreshed user is a new object. */
  afterCharge(user: CachedUser, remaining: number, charged: number): void {
    if (charged <= 0) return;
    const setting = settingOf(user);
    const threshold = setting.quota_warning_threshold ?? this.deps.options.number('QuotaRemindThreshold');
    if (remaining >= threshold || remaining + charged < threshold) return;
    Promise.resolve(this.deps.throttle.allow(user.id, TYPE))
      .then((allowed) => (allowed ? this.send(user, setting, remaining) : undefined))
      .catch((e: unknown) =>
        this.deps.log.error('low-balance notification failed', { userId: user.id, error: e instanceof Error ? e.message : String(e) }),
      );
  }

  private async send(user: CachedUser, setting: StoredUserSetting, remaining: number): Promise<void> {
    const { options } = this.deps;
    const topUpLink = `${serverAddress(this.deps)}/topup`;
    const values = [TITLE, formatQuota(remaining, options.bool('DisplayInCurrencyEnabled'), options.number('QuotaPerUnit')), topUpLink, topUpLink];
    const content = values.reduce((text, v) => text.replace('{{value}}', () => v), CONTENT);
    if (setting.notify_type === 'webhook') {
      // Checked again at send time: the setting may predate the http(s) rule (the address rule is the dispatcher's).
      if (!setting.webhook_url || !isWebhookUrl(setting.webhook_url)) throw new Error('invalid webhook url');
      const payload = { type: TYPE, title: TITLE, content, values, timestamp: Math.floor(Date.now() / 1000) };
      await sendWebhook(setting.webhook_url, setting.webhook_secret, payload, this.webhooks);
      return;
    }
    const to = setting.notification_email || user.email;
    if (!to) throw new Error('user has no email address');
    await sendMail(options, { to, subject: TITLE, html: content });
  }
}
