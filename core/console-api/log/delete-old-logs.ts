import { z } from 'zod';
import { deleteOldLogs } from '../../db/repositories/logs.js';
import type { ApiContext } from '../api-context.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { intParam, readQuery } from './query-params.js';

const deleteQuery = z.object({ target_timestamp: intParam });

/** DELETE /api/log/?target_timestamp= (admin): `data` = the number of rows deleted. */
export async function deleteHistoryLogs(c: ApiContext): Promise<ApiResult> {
  const { target_timestamp } = readQuery(c, deleteQuery);
  if (!target_timestamp) return fail('target timestamp is required');
  return ok(await deleteOldLogs(c.app.db.logSql, target_timestamp));
}
