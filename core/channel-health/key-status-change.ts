import { CHANNEL_STATUS, type ChannelInfo } from '../contracts/channel.js';
import { keyStatusOf, setKeyStatus } from '../db/repositories/channel-info.js';

/** new-api's status_reason when the last enabled key of a multi-key channel goes. */
export const ALL_KEYS_DISABLED = 'All keys are disabled';

export interface KeyStatusChange {
  info: ChannelInfo;
  /** the key's status changed */
  keyChanged: boolean;
  /** the channel status the change implies */
  channelStatus: number;
}

/**
 * One key of a multi-key channel auto-disabled or re-enabled, and what that means for the channel (new-api's
 * handlerMultiKeyUpdate): the channel is auto-disabled when no key is left enabled, and an auto-disabled
 * channel comes back when a key does. Only an auto-disabled key is re-enabled: a manual disable (2) of a key
 * or of the channel is never undone here.
 */
export function changeKeyStatus(
  info: ChannelInfo,
  keyCount: number,
  channelStatus: number,
  index: number,
  to: typeof CHANNEL_STATUS.autoDisabled | typeof CHANNEL_STATUS.enabled,
  reason: string,
  now: number,
): KeyStatusChange {
  const { enabled, autoDisabled } = CHANNEL_STATUS;
  const current = keyStatusOf(info, index);
  let next = info;
  if (index >= 0 && index < keyCount) {
    if (to === autoDisabled && current === enabled) next = setKeyStatus(info, index, autoDisabled, reason, now);
    else if (to === enabled && current === autoDisabled) next = setKeyStatus(info, index, enabled);
  }
  const anyEnabled = Array.from({ length: keyCount }, (_, i) => keyStatusOf(next, i)).includes(enabled);
  let status = channelStatus;
  if (status === enabled && !anyEnabled) status = autoDisabled;
  else if (status === autoDisabled && anyEnabled && to === enabled) status = enabled;
  return { info: next, keyChanged: next !== info, channelStatus: status };
}
