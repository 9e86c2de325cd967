import { CHANNEL_STATUS } from '../contracts/channel.js';
import type { Sql } from '../db/connect.js';
import type { Logger } from '../log/logger.js';
import type { AdminEvent } from '../push/admin-event.js';
import { disabledNotice, enabledNotice, type HealthEffect, type Notice } from './health-effects.js';
import { ALL_KEYS_DISABLED } from './key-status-change.js';
import { persistStatus } from './persist-status.js';

export interface EffectsDeps {
  sql: Sql;
  log: Logger;
  notify(notice: Notice): Promise<void>;
  adminEvent(event: AdminEvent): void;
  /** the channels changed: tell the other nodes and rebuild this node's directory */
  changed(): Promise<void>;
}

const unixNow = () => Math.floor(Date.now() / 1000);

/**
 * Runs what the health rules asked for, at the edge: status changes are persisted (and the directory rebuilt),
 * then root is told, only when a row actually changed. Never rejects: a failed write is logged, and the
 * breaker that the rule opened keeps this node off the channel meanwhile.
 */
export async function runEffects(deps: EffectsDeps, effects: readonly HealthEffect[]): Promise<void> {
  for (const effect of effects) {
    try {
      await runOne(deps, effect);
    } catch (e) {
      deps.log.error('channel health effect failed', { kind: effect.kind, channel: effect.channelId, error: e instanceof Error ? e.message : String(e) });
    }
  }
}

async function runOne(deps: EffectsDeps, effect: HealthEffect): Promise<void> {
  if (effect.kind === 'circuit') {
    const fields = { channel: effect.channelId, key: effect.key, failures: effect.failures, reason: effect.reason };
    if (effect.open) deps.log.warn('channel circuit opened', fields);
    else deps.log.info('channel circuit closed', fields);
    return;
  }
  const enable = effect.kind === 'enable';
  const reason = effect.kind === 'disable' ? effect.reason : '';
  const change = await persistStatus(deps.sql, effect.channelId, effect.key, enable ? CHANNEL_STATUS.enabled : CHANNEL_STATUS.autoDisabled, reason, unixNow());
  if (!change) return;
  await deps.changed();
  deps.log.warn(enable ? 'channel re-enabled' : 'channel auto-disabled', { channel: effect.channelId, key: effect.key, reason });
  const name = change.channelName;
  const id = effect.channelId;
  if (enable) {
    if (change.channelChanged) deps.adminEvent({ kind: 'channel_enabled', channel_id: id, channel_name: name });
    return deps.notify(enabledNotice(name, id));
  }
  if (change.keyChanged) await deps.notify(disabledNotice(name, id, effect.key, reason));
  if (!change.channelChanged) return;
  // the last key of a multi-key channel takes the channel with it
  const why = change.keyChanged ? ALL_KEYS_DISABLED : reason;
  deps.adminEvent({ kind: 'channel_disabled', channel_id: id, channel_name: name, reason: why });
  await deps.notify(disabledNotice(name, id, null, why));
}
