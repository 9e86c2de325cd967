import { z } from 'zod';
import type { Sql } from '../../db/connect.js';
import type { ApiContext } from '../api-context.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { intParam, readQuery } from './query-params.js';

/**
 * Rows deleted per statement. Each chunk is its own short transaction, so clearing years of logs never
 * holds locks on the table for long and the relay's batched log inserts keep flowing in between.
 */
const CHUNK = 1000;

/** Deletes every log older than `before` (unix seconds), chunk by chunk; returns the number deleted. */
export async function deleteOldLogs(sql: Sql, before: number, chunk = CHUNK): Promise<number> {
  let total = 0;
  for (;;) {
    const { count } = await sql`
      DELETE FROM logs WHERE id IN (SELECT id FROM logs WHERE created_at < ${before} LIMIT ${chunk})`;
    total += count;
    if (count < chunk) return total;
  }
}

const deleteQuery = z.object({ target_timestamp: intParam });

/** DELETE /api/log/?target_timestamp= (admin): `data` = the number of rows deleted. */
export async function deleteHistoryLogs(c: ApiContext): Promise<ApiResult> {
  const { target_timestamp } = readQuery(c, deleteQuery);
  if (!target_timestamp) return fail('target timestamp is required');
  return ok(await deleteOldLogs(c.app.sql, target_timestamp));
}
