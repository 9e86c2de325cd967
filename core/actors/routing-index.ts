import type { ChannelActor } from './channel-actor.js';
import type { Tier } from './select-channel.js';

/** One enabled abilities row: the channel serves the model in the group at this priority. */
export interface AbilityRow {
  group: string;
  model: string;
  channel_id: number;
  priority: number | null;
}

/** group → model → priority tiers, highest first. */
export type RoutingIndex = Map<string, Map<string, Tier[]>>;

/**
 * The routing index from the abilities table, as new-api's database path reads it (its memory cache read the
 * channels instead; here both agree because every channel write rebuilds its abilities in the same
 * transaction). A row whose channel is not enabled in the channels table is left out as well, so a channel
 * disabled by any path stops being routed at the next rebuild even if its abilities lag.
 */
export function buildRoutingIndex(rows: readonly AbilityRow[], actors: ReadonlyMap<number, ChannelActor>): RoutingIndex {
  const grouped = new Map<string, Map<string, Map<number, Set<ChannelActor>>>>();
  for (const row of rows) {
    const actor = actors.get(row.channel_id);
    if (!actor || actor.config.status !== 1) continue;
    let byModel = grouped.get(row.group);
    if (!byModel) grouped.set(row.group, (byModel = new Map()));
    let byPriority = byModel.get(row.model);
    if (!byPriority) byModel.set(row.model, (byPriority = new Map()));
    const priority = row.priority ?? 0;
    let tier = byPriority.get(priority);
    if (!tier) byPriority.set(priority, (tier = new Set()));
    tier.add(actor);
  }
  const index: RoutingIndex = new Map();
  for (const [group, byModel] of grouped) {
    const models = new Map<string, Tier[]>();
    for (const [model, byPriority] of byModel) {
      const tiers = [...byPriority.entries()].sort((a, b) => b[0] - a[0]);
      // channels in id order within a tier, so a weighted draw does not depend on row order
      models.set(model, tiers.map(([priority, set]) => ({ priority, channels: [...set].sort((a, b) => a.id - b.id) })));
    }
    index.set(group, models);
  }
  return index;
}
