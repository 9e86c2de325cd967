import type { Dispatcher } from 'undici';
import { formatQuota } from '../billing/format-quota.js';
import type { Env } from '../config/env.js';
import type { Sql } from '../db/connect.js';
import type { Logger } from '../log/logger.js';
import type { OptionsStore } from '../options/options-store.js';
import { serverAddress } from '../options/server-address.js';
import { outboundDispatcher, userUrlPolicy } from '../upstream/outbound-policy.js';
import { fellBelow, renderAdminEvent, type AdminEvent } from './admin-event.js';
import { deliverPush } from './deliver-push.js';
import { adminRecipients, dropSubscription, subscriptionsOf, type StoredSubscription } from './push-subscriptions.js';
import { loadVapidKeys, vapidSubject, type VapidKeys } from './vapid-keys.js';

export interface AdminPushDeps {
  sql: Sql;
  env: Env;
  options: OptionsStore;
  log: Logger;
}

export interface SendReport {
  sent: number;
  failed: number;
}

/**
 * Web Push alerts for administrators. `notifyAdmins` is the hook the rest of the gateway calls; it never
 * throws and never makes the caller wait. Sending happens on the node where the event happened.
 */
export class AdminPush {
  private keys: VapidKeys | null = null;
  /** endpoints come from browsers: public addresses only unless USER_URL_ALLOW_PRIVATE */
  private readonly dispatcher: Dispatcher;
  /** the last balance read per channel, so an alert goes out when the balance falls below, not on every read */
  private readonly balances = new Map<number, number>();

  constructor(private readonly deps: AdminPushDeps) {
    this.dispatcher = outboundDispatcher(userUrlPolicy(deps.env));
  }

  /** Loads the VAPID keys, making them on the first start. */
  async start(): Promise<void> {
    this.keys = await loadVapidKeys(this.deps.sql);
  }

  get publicKey(): string {
    return this.vapid().publicKey;
  }

  /**
   * Tells every subscribed administrator about an event (see AdminEvent for when to send each kind).
   * Fire and forget: failures are logged, subscriptions the push service calls gone are removed.
   */
  notifyAdmins(event: AdminEvent): void {
    this.fanOut(event).catch((e: unknown) => this.deps.log.error('admin push failed', { kind: event.kind, error: e instanceof Error ? e.message : String(e) }));
  }

  /** The settings card's test: every browser this administrator subscribed. */
  async sendTest(userId: number): Promise<SendReport> {
    return this.send(await subscriptionsOf(this.deps.sql, userId), { kind: 'test' });
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  private async fanOut(event: AdminEvent): Promise<void> {
    let recipients = await adminRecipients(this.deps.sql);
    if (event.kind === 'channel_balance') {
      const previous = this.balances.get(event.channel_id);
      this.balances.set(event.channel_id, event.balance);
      recipients = recipients.filter((r) => fellBelow(previous, event.balance, r.channel_balance_threshold));
    }
    if (recipients.length) await this.send(recipients, event);
  }

  private async send(targets: StoredSubscription[], event: AdminEvent): Promise<SendReport> {
    const { options, sql, log } = this.deps;
    const quotaText = (quota: number) => formatQuota(quota, options.bool('DisplayInCurrencyEnabled'), options.number('QuotaPerUnit'));
    const subject = vapidSubject(serverAddress(this.deps));
    const outcomes = await Promise.all(
      targets.map(async (t) => {
        const outcome = await deliverPush(t, renderAdminEvent(event, t.lang, quotaText), this.vapid(), subject, this.dispatcher);
        if (outcome.result === 'gone') await dropSubscription(sql, t.id);
        if (outcome.result === 'failed') log.warn('push delivery failed', { subscription: t.id, reason: outcome.reason });
        return outcome.result;
      }),
    );
    const sent = outcomes.filter((r) => r === 'sent').length;
    return { sent, failed: outcomes.length - sent };
  }

  private vapid(): VapidKeys {
    if (!this.keys) throw new Error('AdminPush.start() has not run');
    return this.keys;
  }
}
