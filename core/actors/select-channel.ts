import type { ChannelActor } from './channel-actor.js';

export interface Tier {
  priority: number;
  channels: ChannelActor[];
}

/**
 * Picks a channel: highest priority tier first, weighted random with new-api's +10 smoothing inside the
 * tier, skipping channels already tried by this request or with an open circuit; an exhausted tier falls
 * through to the next one (new-api instead drops a whole tier per retry and may redraw the failed channel).
 */
export function selectChannel(
  tiers: readonly Tier[] | undefined,
  exclude: ReadonlySet<number>,
  now: number,
  random: () => number = Math.random,
): ChannelActor | null {
  if (!tiers) return null;
  for (const tier of tiers) {
    let total = 0;
    const candidates: ChannelActor[] = [];
    for (const ch of tier.channels) {
      if (exclude.has(ch.id) || !ch.available(now)) continue;
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
