import type { Dispatcher } from 'undici';
import type { ActorHooks } from '../actors/channel-actor.js';
import type { ChannelDirectory } from '../actors/channel-directory.js';
import type { Invalidation } from '../cache/invalidation.js';
import type { Env } from '../config/env.js';
import type { Sql } from '../db/connect.js';
import type { Logger } from '../log/logger.js';
import type { NotifyLimit } from '../notify/notify-throttle.js';
import type { OptionsStore } from '../options/options-store.js';
import type { AdminEvent } from '../push/admin-event.js';
import { adminUrlPolicy, outboundDispatcher } from '../upstream/outbound-policy.js';
import { UpstreamClient } from '../upstream/upstream-client.js';
import { runEffects } from './effects-runner.js';
import type { HealthEffect, Notice } from './health-effects.js';
import { healthSettingsSource, type HealthSettings } from './health-settings.js';
import { RootNotifier } from './notify-root.js';

export interface ChannelHealthDeps {
  sql: Sql;
  env: Env;
  options: OptionsStore;
  log: Logger;
  invalidation: Invalidation;
  /** the Web Push alert for administrators (AppServices.push.notifyAdmins) */
  adminEvent(event: AdminEvent): void;
  /** the notification limit the low-balance notices share (core/notify/notify-throttle.ts) */
  notifyLimit: NotifyLimit;
}

/**
 * What the health side of the channels shares on one node: the hooks every channel actor runs its rules with,
 * the effects runner behind them, the root notifier, the outbound client of channel tests and balance queries
 * (the admin-url policy: an operator's base URL may be private), and the one-run-at-a-time guard of test-all.
 */
export class ChannelHealth {
  readonly hooks: ActorHooks;
  readonly settings: () => HealthSettings;
  /** channel tests and balance queries: the base URLs are the operator's (adminUrlPolicy) */
  readonly outbound: Dispatcher;
  /** channel tests, sent as the relay sends (and token fetches of the rows that authorize), same policy */
  readonly upstream: UpstreamClient;
  readonly running = { testAll: false };
  private readonly notifier: RootNotifier;
  private directory: ChannelDirectory | null = null;

  constructor(private readonly deps: ChannelHealthDeps) {
    this.outbound = outboundDispatcher(adminUrlPolicy(deps.env));
    this.upstream = UpstreamClient.forChannels(deps.env, 4);
    this.settings = healthSettingsSource(deps.options);
    this.notifier = new RootNotifier(deps);
    this.hooks = {
      settings: this.settings,
      effects: (effects) => this.run(effects),
      now: Date.now,
      random: Math.random,
    };
  }

  /** The directory whose rebuild follows a persisted status change (it is built with these hooks). */
  attach(directory: ChannelDirectory): void {
    this.directory = directory;
  }

  run(effects: readonly HealthEffect[]): Promise<void> {
    return runEffects(
      {
        sql: this.deps.sql,
        log: this.deps.log,
        notify: (n) => this.notify(n),
        adminEvent: (e) => this.deps.adminEvent(e),
        changed: async () => {
          this.deps.invalidation.publish('channels');
          await this.directory?.rebuild();
        },
      },
      effects,
    );
  }

  notify(notice: Notice): Promise<void> {
    return this.notifier.notify(notice);
  }

  async close(): Promise<void> {
    await Promise.all([this.outbound.close(), this.upstream.close()]);
  }
}
