import type { TransactionSql } from 'postgres';
import type { Sql } from '../db/connect.js';

/** One (user, model, hour) bucket of the dashboard table `quota_data`. */
export interface QuotaBucket {
  user_id: number;
  username: string;
  model_name: string;
  /** unix seconds, truncated to the hour */
  created_at: number;
  count: number;
  quota: number;
  token_used: number;
}

/** Rows per statement, so one flush never sends an unbounded JSON parameter. */
const CHUNK = 1000;

/**
 * Adds the buckets to quota_data: an existing row for the same (user_id, username, model_name, created_at)
 * is incremented, otherwise a row is inserted. quota_data has no unique key (new-api's schema), so on a
 * shared PostgreSQL every node's flush takes the same transaction-level advisory lock: two nodes cannot
 * both insert the same bucket. The embedded database has one node, whose flushes never overlap, so it
 * needs no lock. Rows duplicated by an older writer are tolerated: only the
 * lowest id of a bucket is incremented.
 */
export async function saveQuotaData(sql: Sql, buckets: QuotaBucket[], crossNodeLock: boolean): Promise<void> {
  if (buckets.length === 0) return;
  if (!crossNodeLock) return upsertChunks(sql, buckets);
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext('ferryman.quota_data'))`;
    await upsertChunks(tx, buckets);
  });
}

async function upsertChunks(sql: Sql | TransactionSql<Record<string, never>>, buckets: QuotaBucket[]): Promise<void> {
  for (let i = 0; i < buckets.length; i += CHUNK) {
    // ::text first: a parameter typed json would make the driver JSON-encode the string a second time.
    const input = JSON.stringify(buckets.slice(i, i + CHUNK));
    await sql`
      WITH input AS (
        SELECT user_id, username, model_name, created_at, count, quota, token_used
        FROM json_populate_recordset(null::quota_data, ${input}::text::json)
      ),
      target AS (
        SELECT DISTINCT ON (i.user_id, i.username, i.model_name, i.created_at)
               q.id, i.user_id, i.username, i.model_name, i.created_at, i.count, i.quota, i.token_used
        FROM input i JOIN quota_data q
          ON q.user_id = i.user_id AND q.username = i.username AND q.model_name = i.model_name AND q.created_at = i.created_at
        ORDER BY i.user_id, i.username, i.model_name, i.created_at, q.id
      ),
      bumped AS (
        UPDATE quota_data q SET count = q.count + t.count, quota = q.quota + t.quota, token_used = q.token_used + t.token_used
        FROM target t WHERE q.id = t.id
      )
      INSERT INTO quota_data (user_id, username, model_name, created_at, count, quota, token_used)
      SELECT i.user_id, i.username, i.model_name, i.created_at, i.count, i.quota, i.token_used FROM input i
      WHERE NOT EXISTS (
        SELECT 1 FROM target t
        WHERE t.user_id = i.user_id AND t.username = i.username AND t.model_name = i.model_name AND t.created_at = i.created_at
      )`;
  }
}
