import type { Channel, ChannelInfo } from '../../contracts/channel.js';
import type { Sql } from '../connect.js';
import type { ChannelRow } from '../rows.js';
import { insertAbilities, rebuildAbilities, removeAbilities } from './abilities.js';
import { readChannelInfo } from './channel-info.js';
import { channelWhere, orderBy, type ChannelFilter, type ChannelOrder } from './channel-query.js';
import type { Db } from './db.js';
import { containsPattern } from './like-pattern.js';

/** The columns a write may set; the counters (balance, used_quota, test results) have their own writers. */
const WRITABLE_COLUMNS = [
  'type', 'key', 'openai_organization', 'test_model', 'status', 'name', 'weight', 'base_url', 'other', 'models', 'group',
  'model_mapping', 'status_code_mapping', 'priority', 'auto_ban', 'tag', 'setting', 'param_override', 'header_override',
  'settings', 'remark', 'other_info',
] as const;
type Writable = (typeof WRITABLE_COLUMNS)[number];

/** A set of column values to write. */
export type ChannelPatch = Partial<Pick<ChannelRow, Writable>> & { channel_info?: ChannelInfo };
export type NewChannel = ChannelPatch & Pick<ChannelRow, 'type' | 'key' | 'name' | 'models' | 'group' | 'created_time'>;

// Changing any of these changes the abilities rows the channel implies.
const ROUTING_COLUMNS: ReadonlyArray<keyof ChannelPatch> = ['models', 'group', 'status', 'priority', 'weight', 'tag'];

// Search is not paged in new-api; this bounds one answer.
const SEARCH_LIMIT = 1000;

/** A row as the API shows it: nullable text columns new-api reads as strings become "", channel_info parsed. */
export function toChannel(row: ChannelRow): Channel {
  return {
    ...row,
    other: row.other ?? '',
    other_info: row.other_info ?? '',
    settings: row.settings ?? '',
    header_override: row.header_override ?? null,
    remark: row.remark ?? null,
    channel_info: readChannelInfo(row.channel_info),
  };
}

function toColumns(patch: ChannelPatch): Record<string, unknown> {
  const { channel_info, ...rest } = patch;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) out[k] = v;
  // The driver learns the column is json from the prepared statement and serialises the object once.
  if (channel_info) out.channel_info = channel_info;
  return out;
}

export async function getChannel(db: Db, id: number): Promise<Channel | null> {
  const [row] = await db<ChannelRow[]>`SELECT * FROM channels WHERE id = ${id}`;
  return row ? toChannel(row) : null;
}

/** One page of channels, or (tagMode) every channel of one page of distinct non-empty tags. */
export async function listChannels(
  db: Db,
  q: { offset: number; limit: number; order: ChannelOrder; filter: ChannelFilter; tagMode: boolean },
): Promise<Channel[]> {
  const where = channelWhere(db, q.filter);
  if (!q.tagMode) {
    const rows = await db<ChannelRow[]>`SELECT * FROM channels ${where} ORDER BY ${orderBy(db, q.order)} LIMIT ${q.limit} OFFSET ${q.offset}`;
    return rows.map(toChannel);
  }
  const tags = await db<{ tag: string }[]>`
    SELECT tag FROM channels ${where} AND tag IS NOT NULL AND tag <> '' GROUP BY tag ORDER BY tag LIMIT ${q.limit} OFFSET ${q.offset}`;
  return channelsOfTags(db, tags.map((t) => t.tag), q.order, q.filter);
}

async function channelsOfTags(db: Db, tags: string[], order: ChannelOrder, filter: ChannelFilter): Promise<Channel[]> {
  if (tags.length === 0) return [];
  const rows = await db<ChannelRow[]>`
    SELECT * FROM channels ${channelWhere(db, filter)} AND tag IN ${db(tags)} ORDER BY ${orderBy(db, order)}`;
  return rows.map(toChannel);
}

/**
 * new-api's channel search: id equal to the keyword, name or base URL containing it, or the key equal to it;
 * models containing `model`; membership of `group` in the comma list. Tag mode returns every channel of the
 * tags the matches carry.
 */
export async function searchChannels(
  db: Db,
  q: { keyword: string; model: string; order: ChannelOrder; filter: ChannelFilter; tagMode: boolean },
): Promise<Channel[]> {
  const like = containsPattern(q.keyword);
  const asId = /^\d{1,15}$/.test(q.keyword) ? Number(q.keyword) : -1;
  const match = db`${channelWhere(db, q.filter)}
    AND (id = ${asId} OR name LIKE ${like} OR key = ${q.keyword} OR base_url LIKE ${like})
    AND models LIKE ${containsPattern(q.model)}`;
  if (!q.tagMode) {
    const rows = await db<ChannelRow[]>`SELECT * FROM channels ${match} ORDER BY ${orderBy(db, q.order)} LIMIT ${SEARCH_LIMIT}`;
    return rows.map(toChannel);
  }
  const tags = await db<{ tag: string }[]>`
    SELECT DISTINCT tag FROM channels ${match} AND tag IS NOT NULL AND tag <> '' ORDER BY tag LIMIT ${SEARCH_LIMIT}`;
  return channelsOfTags(db, tags.map((t) => t.tag), q.order, { group: q.filter.group });
}

/** Inserts channels and their abilities in one transaction; returns them as stored. */
export async function insertChannels(sql: Sql, channels: NewChannel[]): Promise<Channel[]> {
  return sql.begin(async (tx) => {
    const saved: ChannelRow[] = [];
    const rows = channels.map(toColumns);
    // A multi-row insert takes its columns from one row; every row here is built from one template.
    const columns = Object.keys(rows[0] ?? {});
    for (let i = 0; i < rows.length; i += 200) {
      saved.push(...(await tx<ChannelRow[]>`INSERT INTO channels ${tx(rows.slice(i, i + 200), ...columns)} RETURNING *`));
    }
    await insertAbilities(tx, saved);
    return saved.map(toChannel);
  });
}

/**
 * Read-modify-write of one channel under its row lock: `decide` sees the stored channel and returns what to
 * change (or throws to change nothing). The abilities are rebuilt in the same transaction when routing
 * columns change, so concurrent edits leave the two tables agreeing. null: no such channel.
 */
export async function updateChannel(sql: Sql, id: number, decide: (current: Channel) => ChannelPatch): Promise<Channel | null> {
  return sql.begin(async (tx) => {
    const [row] = await tx<ChannelRow[]>`SELECT * FROM channels WHERE id = ${id} FOR UPDATE`;
    if (!row) return null;
    const patch = decide(toChannel(row));
    const columns = toColumns(patch);
    if (Object.keys(columns).length === 0) return toChannel(row);
    const [saved] = await tx<ChannelRow[]>`UPDATE channels SET ${tx(columns)} WHERE id = ${id} RETURNING *`;
    if (ROUTING_COLUMNS.some((c) => c in columns)) await rebuildAbilities(tx, [saved!]);
    return toChannel(saved!);
  });
}

/**
 * Locks channel rows in id order and returns their ids. Every transaction that writes a channel's abilities
 * holds its row lock first, so writers of one channel queue up (and see each other's rows), and transactions
 * locking several channels take them in one order and cannot deadlock.
 */
async function lockChannels(tx: Db, where: ReturnType<Db>): Promise<number[]> {
  const rows = await tx<{ id: number }[]>`SELECT id FROM channels ${where} ORDER BY id FOR UPDATE`;
  return rows.map((r) => r.id);
}

/** Deletes channels and their abilities; returns how many channels existed. */
export async function deleteChannels(sql: Sql, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return sql.begin(async (tx) => {
    const locked = await lockChannels(tx, tx`WHERE id IN ${tx(ids)}`);
    await removeAbilities(tx, locked);
    if (locked.length) await tx`DELETE FROM channels WHERE id IN ${tx(locked)}`;
    return locked.length;
  });
}

/** Deletes every channel disabled by hand or automatically, with its abilities (new-api left those behind). */
export async function deleteDisabledChannels(sql: Sql): Promise<number> {
  return sql.begin(async (tx) => {
    const locked = await lockChannels(tx, tx`WHERE status IN (2, 3)`);
    await removeAbilities(tx, locked);
    if (locked.length) await tx`DELETE FROM channels WHERE id IN ${tx(locked)}`;
    return locked.length;
  });
}

/** Rebuilds the whole abilities table from the channels (orphans go, missing rows come back); returns the channel count. */
export async function rebuildAllAbilities(sql: Sql): Promise<number> {
  return sql.begin(async (tx) => {
    const locked = await lockChannels(tx, tx``);
    // Only the locked channels are rebuilt (and orphans dropped): a channel created meanwhile commits its own
    // rows with it, and each statement here sees it, so touching it would delete or duplicate its rows.
    await tx`DELETE FROM abilities WHERE channel_id NOT IN (SELECT id FROM channels)`;
    await removeAbilities(tx, locked);
    const rows = locked.length ? await tx<ChannelRow[]>`SELECT id, models, "group", status, priority, weight, tag FROM channels WHERE id IN ${tx(locked)}` : [];
    await insertAbilities(tx, rows);
    return rows.length;
  });
}

/** Applies one patch to every channel matching `where`, rebuilding their abilities; returns the channels changed. */
async function updateWhere(sql: Sql, patch: ChannelPatch, where: (tx: Db) => ReturnType<Db>): Promise<Channel[]> {
  const columns = toColumns(patch);
  if (Object.keys(columns).length === 0) return [];
  return sql.begin(async (tx) => {
    const locked = await lockChannels(tx, where(tx));
    if (locked.length === 0) return [];
    const saved = await tx<ChannelRow[]>`UPDATE channels SET ${tx(columns)} WHERE id IN ${tx(locked)} RETURNING *`;
    if (ROUTING_COLUMNS.some((c) => c in columns)) await rebuildAbilities(tx, saved);
    return saved.map(toChannel);
  });
}

export const updateChannelsByIds = (sql: Sql, ids: number[], patch: ChannelPatch): Promise<Channel[]> =>
  ids.length === 0 ? Promise.resolve([]) : updateWhere(sql, patch, (tx) => tx`WHERE id IN ${tx(ids)}`);

export const updateChannelsByTag = (sql: Sql, tag: string, patch: ChannelPatch): Promise<Channel[]> =>
  updateWhere(sql, patch, (tx) => tx`WHERE tag = ${tag}`);

/** Inserts a copy of a channel (key included) with the given overrides; null when the source is gone. */
export type CopyOverrides = Partial<Pick<ChannelRow, 'name' | 'created_time' | 'test_time' | 'response_time' | 'balance' | 'used_quota'>>;

export async function copyChannel(sql: Sql, id: number, overrides: (source: Channel) => CopyOverrides): Promise<Channel | null> {
  return sql.begin(async (tx) => {
    const [row] = await tx<ChannelRow[]>`SELECT * FROM channels WHERE id = ${id}`;
    if (!row) return null;
    const source = toChannel(row);
    const copy: Record<string, unknown> = { ...row, channel_info: source.channel_info, ...overrides(source) };
    delete copy.id;
    const [saved] = await tx<ChannelRow[]>`INSERT INTO channels ${tx(toColumns(copy as ChannelPatch))} RETURNING *`;
    await insertAbilities(tx, [saved!]);
    return toChannel(saved!);
  });
}

/** The models strings of a tag's channels, highest priority first. */
export async function modelsOfTag(db: Db, tag: string): Promise<string[]> {
  const rows = await db<{ models: string }[]>`SELECT models FROM channels WHERE tag = ${tag} ORDER BY priority DESC, id DESC`;
  return rows.map((r) => r.models);
}

/** Distinct model names with at least one enabled ability. */
export async function enabledModels(db: Db): Promise<string[]> {
  const rows = await db<{ model: string }[]>`SELECT DISTINCT model FROM abilities WHERE enabled ORDER BY model`;
  return rows.map((r) => r.model);
}

/** A channel test's outcome (new-api's UpdateResponseTime): milliseconds and when. */
export async function recordTestResult(db: Db, id: number, responseTimeMs: number, testTime: number): Promise<void> {
  await db`UPDATE channels SET response_time = ${responseTimeMs}, test_time = ${testTime} WHERE id = ${id}`;
}

/** A balance query's outcome (new-api's UpdateBalance): USD and when. */
export async function recordBalance(db: Db, id: number, balance: number, updatedTime: number): Promise<void> {
  await db`UPDATE channels SET balance = ${balance}, balance_updated_time = ${updatedTime} WHERE id = ${id}`;
}
