import { splitNames } from '../../contracts/channel.js';
import type { ChannelRow } from '../rows.js';
import type { Db } from './db.js';

export type AbilitySource = Pick<ChannelRow, 'id' | 'models' | 'group' | 'status' | 'priority' | 'weight' | 'tag'>;

const CHUNK = 500;

/** The abilities rows a channel implies: one per (group, model), names trimmed and de-duplicated. */
export function abilitiesOf(ch: AbilitySource): Array<{ group: string; model: string; channel_id: number; enabled: boolean; priority: number; weight: number; tag: string | null }> {
  const rows = [];
  for (const group of new Set(splitNames(ch.group))) {
    for (const model of new Set(splitNames(ch.models))) {
      rows.push({ group, model, channel_id: ch.id, enabled: ch.status === 1, priority: ch.priority ?? 0, weight: ch.weight ?? 0, tag: ch.tag });
    }
  }
  return rows;
}

/**
 * Rewrites the abilities rows of these channels from what they hold now. Run it in the transaction that
 * changed them, so no reader ever sees a channel and its routing rows disagree.
 */
export async function rebuildAbilities(tx: Db, channels: AbilitySource[]): Promise<void> {
  await removeAbilities(tx, channels.map((c) => c.id));
  await insertAbilities(tx, channels);
}

/** Inserts the rows of channels that have none (new channels, or after the rows were deleted). */
export async function insertAbilities(tx: Db, channels: AbilitySource[]): Promise<void> {
  const rows = channels.flatMap(abilitiesOf);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = JSON.stringify(rows.slice(i, i + CHUNK));
    await tx`INSERT INTO abilities ("group", model, channel_id, enabled, priority, weight, tag)
             SELECT "group", model, channel_id, enabled, priority, weight, tag FROM json_populate_recordset(null::abilities, ${chunk}::text::json)`;
  }
}

export async function removeAbilities(tx: Db, channelIds: number[]): Promise<void> {
  if (channelIds.length === 0) return;
  await tx`DELETE FROM abilities WHERE channel_id IN ${tx(channelIds)}`;
}
