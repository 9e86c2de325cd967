import type { LogStat } from '../../contracts/log.js';
import { LOG_CONSUME, type LogRow } from '../rows.js';
import type { Db } from './db.js';
import { prefixPattern } from './like-pattern.js';

export interface LogFilter {
  /** 0 means every type */
  type: number;
  userId?: number;
  username?: string;
  tokenName?: string;
  /** matched with LIKE exactly as given (see whereLogs) */
  modelName?: string;
  start?: number;
  end?: number;
  channel?: number;
  group?: string;
}

/** A log row with the name of its channel (the admin list looks it up in channels). */
export type LogRowWithChannel = LogRow & { channel_name: string | null };

/**
 * The WHERE clause for a filter. Columns are qualified so the clause stays right in a join (channels has
 * its own type and group). model_name is a LIKE pattern taken as given, without added or escaped
 * wildcards: new-api does the same and the console relies on it (`gpt-4%` finds every gpt-4 model).
 * The other text filters are exact.
 */
export function whereLogs(db: Db, f: LogFilter) {
  const parts = [db`TRUE`];
  if (f.type) parts.push(db`logs.type = ${f.type}`);
  if (f.userId !== undefined) parts.push(db`logs.user_id = ${f.userId}`);
  if (f.username) parts.push(db`logs.username = ${f.username}`);
  if (f.tokenName) parts.push(db`logs.token_name = ${f.tokenName}`);
  if (f.modelName) parts.push(db`logs.model_name LIKE ${f.modelName}`);
  if (f.start) parts.push(db`logs.created_at >= ${f.start}`);
  if (f.end) parts.push(db`logs.created_at <= ${f.end}`);
  if (f.channel) parts.push(db`logs.channel_id = ${f.channel}`);
  if (f.group) parts.push(db`logs."group" = ${f.group}`);
  return parts.reduce((acc, p) => db`${acc} AND ${p}`);
}

/** One page of the logs a filter matches, newest first, with the count of all matches. */
export async function listLogs(db: Db, f: LogFilter, page: { offset: number; limit: number }): Promise<{ rows: LogRow[]; total: number }> {
  const where = whereLogs(db, f);
  const [rows, [count]] = await Promise.all([
    db<LogRow[]>`SELECT * FROM logs WHERE ${where} ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    db<{ n: number }[]>`SELECT count(*)::bigint AS n FROM logs WHERE ${where}`,
  ]);
  return { rows, total: count?.n ?? 0 };
}

/**
 * listLogs with each row's channel name (null when the channel is gone). The names are read from the main
 * database in a second query, as new-api does, because the logs may live in another one (LOG_SQL_DSN).
 */
export async function listLogsWithChannel(logDb: Db, mainDb: Db, f: LogFilter, page: { offset: number; limit: number }): Promise<{ rows: LogRowWithChannel[]; total: number }> {
  const { rows, total } = await listLogs(logDb, f, page);
  const ids = [...new Set(rows.map((r) => r.channel_id).filter((id) => id !== 0))];
  const names = new Map(
    ids.length === 0 ? [] : (await mainDb<{ id: number; name: string }[]>`SELECT id, name FROM channels WHERE id IN ${mainDb(ids)}`).map((c) => [c.id, c.name]),
  );
  return { rows: rows.map((r) => ({ ...r, channel_name: names.get(r.channel_id) ?? null })), total };
}

/** The newest `limit` logs of a type or whose content starts with the text (wildcards literal). */
export function searchLogs(db: Db, q: { type: number; contentPrefix: string; limit: number }): Promise<LogRow[]> {
  return db<LogRow[]>`
    SELECT * FROM logs WHERE type = ${q.type} OR content LIKE ${prefixPattern(q.contentPrefix)}
    ORDER BY id DESC LIMIT ${q.limit}`;
}

/** The newest `limit` logs of one user and type. */
export function userLogsOfType(db: Db, userId: number, type: number, limit: number): Promise<LogRow[]> {
  return db<LogRow[]>`SELECT * FROM logs WHERE user_id = ${userId} AND type = ${type} ORDER BY id DESC LIMIT ${limit}`;
}

/** The newest `limit` logs written for one token. */
export function logsOfToken(db: Db, tokenId: number, limit: number): Promise<LogRow[]> {
  return db<LogRow[]>`SELECT * FROM logs WHERE token_id = ${tokenId} ORDER BY id DESC LIMIT ${limit}`;
}

/**
 * new-api's SumUsedQuota: quota over consume logs with every filter (the `type` parameter is ignored);
 * rpm and tpm over consume logs of the last 60 seconds with the same filters but without the caller's
 * time range.
 */
export async function sumLogStat(db: Db, f: LogFilter, nowSeconds: number): Promise<LogStat> {
  const all = whereLogs(db, { ...f, type: LOG_CONSUME });
  const recent = whereLogs(db, { ...f, type: LOG_CONSUME, start: nowSeconds - 60, end: undefined });
  const [[q], [r]] = await Promise.all([
    db<{ quota: number }[]>`SELECT COALESCE(SUM(quota), 0)::bigint AS quota FROM logs WHERE ${all}`,
    db<{ rpm: number; tpm: number }[]>`
      SELECT count(*)::bigint AS rpm, COALESCE(SUM(prompt_tokens) + SUM(completion_tokens), 0)::bigint AS tpm
      FROM logs WHERE ${recent}`,
  ]);
  return { quota: q?.quota ?? 0, rpm: r?.rpm ?? 0, tpm: r?.tpm ?? 0 };
}

/**
 * Rows deleted per statement. Each chunk is its own short transaction, so clearing years of logs never
 * holds locks on the table for long and the relay's batched log inserts keep flowing in between.
 */
const DELETE_CHUNK = 1000;

/**
 * Deletes every log older than `before` (unix seconds); returns the number deleted. The months (partitions,
 * sql/0011) wholly before it are dropped, which costs a count instead of a delete per row; the rest of the
 * month it falls in is deleted chunk by chunk. created_at is repeated outside the subquery so that each chunk
 * only visits the partitions that can hold such rows.
 */
export async function deleteOldLogs(db: Db, before: number, chunk = DELETE_CHUNK): Promise<number> {
  const [dropped] = await db<{ n: number }[]>`SELECT ferryman_logs_drop_before(${before}) AS n`;
  let total = Number(dropped?.n ?? 0);
  for (;;) {
    const { count } = await db`
      DELETE FROM logs WHERE created_at < ${before}
        AND (id, created_at) IN (SELECT id, created_at FROM logs WHERE created_at < ${before} LIMIT ${chunk})`;
    total += count;
    if (count < chunk) return total;
  }
}

/** How many months the log retention job keeps partitions ready for beyond the current one. */
export const LOG_PARTITIONS_AHEAD = 2;

/** Creates the partitions of the month holding `now` (unix seconds) and the LOG_PARTITIONS_AHEAD after it; how many were new. */
export async function ensureLogPartitions(db: Db, now: number, ahead = LOG_PARTITIONS_AHEAD): Promise<number> {
  const [row] = await db<{ n: number }[]>`SELECT ferryman_logs_ensure_partitions(${now}, ${ahead}) AS n`;
  return Number(row?.n ?? 0);
}
