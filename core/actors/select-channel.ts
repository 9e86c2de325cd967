import type { ChannelActor } from './channel-actor.js';

/** Whether a channel of this type can be sent the request (a registry capability lookup); absent: any type. */
export type ChannelTypeFilter = (type: number) => boolean;

export interface Tier {
  priority: number;
  channels: ChannelActor[];
}

/**
 * Picks a channel: highest priority tier first, weighted random with new-api's +10 smoothing inside the
 * tier, skipping channels already tried by this request or with an open circuit, and, for a request kind
 * only some types serve (images, audio, rerank, moderations), channels of a type that cannot take it; an
 * exhausted tier falls through to the next one (new-api instead drops a whole tier per retry and may redraw
 * the failed channel, and sends any kind to any type).
 */
export function selectChannel(
  tiers: readonly Tier[] | undefined,
  exclude: ReadonlySet<number>,
  now: number,
  random: () => number = Math.random,
  serves?: ChannelTypeFilter,
): ChannelActor | null {
  if (!tiers) return null;
  for (const tier of tiers) {
    let total = 0;
    const candidates: ChannelActor[] = [];
    for (const ch of tier.channels) {
      if (exclude.has(ch.id) || !ch.available(now) || (serves !== undefined && !serves(ch.config.type))) continue;
      candidates.push(ch);
      total += ch.config.weight + 10;
    }
    if (candidates.length === 0) continue;
    let ticket = random() * total;
    for (const ch of candidates) {
      ticket -= ch.config.weight + 10;
      if (ticket < 0) return ch;
    }
    return candidates[candidates.length - 1]!;
  }
  return null;
}
