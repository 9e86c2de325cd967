import { splitList } from '../../actors/channel-config.js';
import type { Sql } from '../../db/connect.js';
import type { ChannelRow } from '../../db/rows.js';

type Tx = Sql;

/**
 * Rewrites one channel's rows of the abilities table (models × groups). Names are trimmed and
 * de-duplicated, so " gpt-4o" and a repeated model no longer break the composite primary key.
 */
export async function rebuildAbilities(tx: Tx, ch: Pick<ChannelRow, 'id' | 'models' | 'group' | 'status' | 'priority' | 'weight' | 'tag'>): Promise<void> {
  await tx`DELETE FROM abilities WHERE channel_id = ${ch.id}`;
  const rows: Array<Record<string, unknown>> = [];
  for (const group of new Set(splitList(ch.group))) {
    for (const model of new Set(splitList(ch.models))) {
      rows.push({ group, model, channel_id: ch.id, enabled: ch.status === 1, priority: ch.priority ?? 0, weight: ch.weight ?? 0, tag: ch.tag });
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = JSON.stringify(rows.slice(i, i + 500));
    await tx`INSERT INTO abilities ("group", model, channel_id, enabled, priority, weight, tag)
             SELECT "group", model, channel_id, enabled, priority, weight, tag FROM json_populate_recordset(null::abilities, ${chunk}::text::json)`;
  }
}
