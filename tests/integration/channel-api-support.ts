import type { ConsoleClient } from '../support/console-client.js';
import type { TestGateway } from '../support/gateway.js';

export interface ChannelJson {
  id: number;
  type: number;
  key: string;
  name: string;
  status: number;
  models: string;
  group: string;
  priority: number | null;
  weight: number;
  tag: string | null;
  balance: number;
  used_quota: number;
  test_time: number;
  response_time: number;
  base_url: string | null;
  remark: string | null;
  header_override: string | null;
  settings: string;
  other_info: string;
  channel_info: {
    is_multi_key: boolean;
    multi_key_size: number;
    multi_key_status_list: Record<string, number> | null;
    multi_key_mode: string;
    multi_key_polling_index: number;
    multi_key_disabled_reason?: Record<string, string>;
    multi_key_disabled_time?: Record<string, number>;
  };
}

type AbilityKey = string;

/** A channels row read with `channel_info::text` (the column's driver parsing differs between databases). */
export const withInfo = (row: ChannelJson): ChannelJson => ({
  ...row,
  channel_info: typeof row.channel_info === 'string' ? (JSON.parse(row.channel_info) as ChannelJson['channel_info']) : row.channel_info,
});

const names = (list: string) =>
  [...new Set(list.split(',').map((s) => s.trim()).filter((s) => s !== ''))];

/**
 * The abilities rows the channels table implies, written out independently of the server's code: one row per
 * (group, model) of each channel, enabled when the channel is, with its priority, weight and tag.
 */
export async function impliedAbilities(gw: TestGateway): Promise<AbilityKey[]> {
  const channels = await gw.sql<{ id: number; models: string; group: string; status: number; priority: number | null; weight: number; tag: string | null }[]>`
    SELECT id, models, "group", status, priority, weight, tag FROM channels`;
  const rows: AbilityKey[] = [];
  for (const c of channels) {
    for (const g of names(c.group)) for (const m of names(c.models)) rows.push(JSON.stringify([g, m, c.id, c.status === 1, c.priority ?? 0, c.weight, c.tag]));
  }
  return rows.sort();
}

export async function storedAbilities(gw: TestGateway): Promise<AbilityKey[]> {
  const rows = await gw.sql<{ group: string; model: string; channel_id: number; enabled: boolean; priority: number | null; weight: number; tag: string | null }[]>`
    SELECT "group", model, channel_id, enabled, priority, weight, tag FROM abilities`;
  return rows.map((r) => JSON.stringify([r.group, r.model, r.channel_id, r.enabled, r.priority ?? 0, r.weight, r.tag])).sort();
}

/** Creates channels through the API and returns the ids it made (the newest ids). */
export async function createChannels(gw: TestGateway, client: ConsoleClient, body: unknown): Promise<number[]> {
  const [before] = await gw.sql<{ max: number | null }[]>`SELECT max(id)::int AS max FROM channels`;
  const r = await client.post('/api/channel/', body);
  if (!r.body.success) throw new Error(`channel create failed: ${JSON.stringify(r.body)}`);
  const rows = await gw.sql<{ id: number }[]>`SELECT id FROM channels WHERE id > ${before!.max ?? 0} ORDER BY id`;
  return rows.map((x) => x.id);
}

export async function createChannel(gw: TestGateway, client: ConsoleClient, fields: Record<string, unknown>): Promise<number> {
  const [id] = await createChannels(gw, client, { mode: 'single', channel: { type: 1, name: `ch-${Math.random().toString(36).slice(2, 8)}`, key: `sk-${Math.random().toString(36).slice(2)}`, models: 'gpt-4o', group: 'default', ...fields } });
  return id!;
}

/** Everything a refused request must leave as it was. */
export async function channelSnapshot(gw: TestGateway): Promise<string> {
  const channels = await gw.sql`SELECT * FROM channels ORDER BY id`;
  return JSON.stringify({ channels, abilities: await storedAbilities(gw) });
}

export const NO_RIGHT = { success: false, message: '无权进行此操作，权限不足' };
