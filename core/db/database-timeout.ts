/**
 * PostgreSQL's query_canceled (57014): SQL_QUERY_TIMEOUT's deadline cancelled the query (connect.ts), or the
 * server did (statement_timeout, pg_cancel_backend). The database is busy, not the request wrong: the console
 * and the relay answer it 503, so clients retry, instead of a 500.
 */
export function isDatabaseTimeout(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '57014';
}

/** The console's message for it (`{success:false}` with 503). */
export const DATABASE_BUSY_MESSAGE = '数据库繁忙，请稍后重试';

/** An error of that code for a wait the gateway itself gives up on (a turn behind statements that hang). */
export function databaseTimeoutError(message: string): Error {
  return Object.assign(new Error(message), { code: '57014' });
}
