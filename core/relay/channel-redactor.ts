import type { ChannelConfig } from '../actors/channel-config.js';
import { secretRedactor, type Redact } from './redact-secrets.js';

// One redactor per channel configuration: a directory rebuild makes new configs, so the old ones (and
// their keys) are dropped with them.
const byConfig = new WeakMap<ChannelConfig, Redact>();

/** Redacts every key of the channel, and any credential-like text, from what the upstream said. */
export function channelRedactor(ch: ChannelConfig): Redact {
  let redact = byConfig.get(ch);
  if (!redact) byConfig.set(ch, (redact = secretRedactor(ch.keys)));
  return redact;
}
