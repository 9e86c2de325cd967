/**
 * An error that says something of the database rather than of the request. The console and the relay answer it
 * 503 with a message of its own, so that clients retry and operators see the cause, instead of a 500:
 * - `timeout`, PostgreSQL's query_canceled (57014): SQL_QUERY_TIMEOUT's deadline cancelled the query (connect.ts),
 *   or the server did (statement_timeout, pg_cancel_backend);
 * - `disk_full` (53100): the database could not grow a file (the spec's P5). Reads go on and the relay serves;
 *   the batched charges and logs wait in memory and land once there is space again.
 */
export type DatabaseFailure = 'timeout' | 'disk_full';

const BY_CODE: Record<string, DatabaseFailure> = { '57014': 'timeout', '53100': 'disk_full' };

export function databaseFailureOf(e: unknown): DatabaseFailure | null {
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  return (typeof code === 'string' && BY_CODE[code]) || null;
}

export const DATABASE_FAILURE_ANSWERS: Record<DatabaseFailure, { console: string; relay: string; code: string }> = {
  timeout: { console: '数据库繁忙，请稍后重试', relay: 'the database did not answer in time, please retry', code: 'database_timeout' },
  disk_full: { console: '数据库磁盘空间不足，暂时无法写入', relay: 'the database is out of disk space, please retry later', code: 'database_disk_full' },
};

/** A timeout for a wait the gateway itself gives up on (a turn behind statements that hang). */
export function databaseTimeoutError(message: string): Error {
  return Object.assign(new Error(message), { code: '57014' });
}
