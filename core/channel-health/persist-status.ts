import { CHANNEL_STATUS } from '../contracts/channel.js';
import type { Sql } from '../db/connect.js';
import { keysOf } from '../db/repositories/channel-info.js';
import { updateChannel, type ChannelPatch } from '../db/repositories/channels.js';
import { ALL_KEYS_DISABLED, changeKeyStatus } from './key-status-change.js';

/** What a persisted status change did. */
export interface StatusChange {
  channelName: string;
  channelChanged: boolean;
  keyChanged: boolean;
}

/** other_info with status_reason and status_time set (new-api's UpdateChannelStatus); other fields are kept. */
function withStatusReason(otherInfo: string, reason: string, now: number): string {
  let info: Record<string, unknown> = {};
  try {
    const v = JSON.parse(otherInfo || '{}') as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) info = v as Record<string, unknown>;
  } catch {
    info = {};
  }
  return JSON.stringify({ ...info, status_reason: reason, status_time: now });
}

/**
 * Auto-disables (to = 3) or re-enables (to = 1) a channel, or one key of a multi-key channel, under the row
 * lock of updateChannel (which rebuilds the abilities with the status). Only an enabled channel is auto-disabled
 * and only an auto-disabled one re-enabled: a manual disable (2) is left alone. `now` is unix seconds.
 * null: nothing changed (already so, or the channel is gone).
 */
export async function persistStatus(sql: Sql, id: number, key: number | null, to: typeof CHANNEL_STATUS.autoDisabled | typeof CHANNEL_STATUS.enabled, reason: string, now: number): Promise<StatusChange | null> {
  const { enabled, autoDisabled } = CHANNEL_STATUS;
  let change: StatusChange | null = null;
  await updateChannel(sql, id, (current): ChannelPatch => {
    const info = current.channel_info;
    if (key !== null && info.is_multi_key) {
      const k = changeKeyStatus(info, keysOf(current.key).length, current.status, key, to, reason, now);
      const channelChanged = k.channelStatus !== current.status;
      if (!k.keyChanged && !channelChanged) return {};
      change = { channelName: current.name, channelChanged, keyChanged: k.keyChanged };
      if (!channelChanged) return { channel_info: k.info };
      const why = k.channelStatus === enabled ? '' : k.keyChanged ? ALL_KEYS_DISABLED : reason;
      return { channel_info: k.info, status: k.channelStatus, other_info: withStatusReason(current.other_info, why, now) };
    }
    if (current.status !== (to === enabled ? autoDisabled : enabled)) return {};
    change = { channelName: current.name, channelChanged: true, keyChanged: false };
    return { status: to, other_info: withStatusReason(current.other_info, to === enabled ? '' : reason, now) };
  });
  return change;
}
