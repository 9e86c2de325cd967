import type { Channel } from '../../contracts/channel.js';

/**
 * A channel for the console: the key is never sent back ("" as new-api's lists), and neither are the
 * per-key disable reasons and times (new-api clears them; multi_key/manage lists them per key).
 */
export function toChannelJson(ch: Channel): Channel {
  const { multi_key_disabled_reason: _reason, multi_key_disabled_time: _time, ...info } = ch.channel_info;
  return { ...ch, key: '', channel_info: info };
}
