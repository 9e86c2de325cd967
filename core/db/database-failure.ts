/**
 * An error that says something of the database rather than of the request. The console and the relay answer it
 * 503 with a message of its own, so that clients retry and operators see the cause, instead of a 500:
 * - `timeout`, PostgreSQL's query_canceled (57014): SQL_QUERY_TIMEOUT's deadline cancelled the query (connect.ts),
 *   or the server did (statement_timeout, pg_cancel_backend);
 * - `disk_full` (53100): the database could not grow a file (the spec's P5). Reads go on and the relay serves;
 *   the batched charges and logs wait in memory and land once there is space again;
 * - `unreachable`: the connection could not be made or was lost (a restart, an outage; the spec's P1).
 */
export type DatabaseFailure = 'timeout' | 'disk_full' | 'unreachable';

const BY_CODE: Record<string, DatabaseFailure> = {
  '57014': 'timeout',
  '53100': 'disk_full',
  // the server shutting down, crashed or starting (spec P1: a restart's outage window answers 503, not 500)
  '57P01': 'unreachable',
  '57P02': 'unreachable',
  '57P03': 'unreachable',
  // postgres.js's own
  CONNECTION_CLOSED: 'unreachable',
  CONNECTION_ENDED: 'unreachable',
  CONNECTION_DESTROYED: 'unreachable',
  CONNECT_TIMEOUT: 'unreachable',
};

/** A socket's errors are the database's only when the driver hands them to a query (it sets `query` on them). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Of the error, or else of its cause (an error the gateway raised because a statement failed). */
export function databaseFailureOf(e: unknown, depth = 0): DatabaseFailure | null {
  if (typeof e !== 'object' || e === null) return null;
  const code = (e as { code?: unknown }).code;
  const own = typeof code !== 'string' ? null : SOCKET_CODES.has(code) ? ('query' in e ? 'unreachable' : null) : (BY_CODE[code] ?? null);
  return own ?? (depth < 3 && 'cause' in e ? databaseFailureOf(e.cause, depth + 1) : null);
}

export const DATABASE_FAILURE_ANSWERS: Record<DatabaseFailure, { console: string; relay: string; code: string }> = {
  timeout: { console: '数据库繁忙，请稍后重试', relay: 'the database did not answer in time, please retry', code: 'database_timeout' },
  disk_full: { console: '数据库磁盘空间不足，暂时无法写入', relay: 'the database is out of disk space, please retry later', code: 'database_disk_full' },
  unreachable: { console: '数据库暂时无法访问，请稍后重试', relay: 'the database cannot be reached, please retry', code: 'database_unavailable' },
};

/** A timeout for a wait the gateway itself gives up on (a turn behind statements that hang). */
export function databaseTimeoutError(message: string): Error {
  return Object.assign(new Error(message), { code: '57014' });
}
