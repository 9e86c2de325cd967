import { describe, expect, it } from 'vitest';
import { databaseTimeoutError } from '../db/database-failure.js';
import { RelayError, unexpectedRelayError } from './relay-error.js';

describe('unexpectedRelayError', () => {
  it.each([
    ['a RelayError, as it is', new RelayError(429, 'slow down', { code: 'rate_limited' }), 429, 'rate_limited', 'slow down'],
    // the driver's deadline (SQL_QUERY_TIMEOUT) or the server's cancel: busy, so retry
    ['a query cancelled at its deadline', Object.assign(new Error('canceling statement due to user request'), { code: '57014' }), 503, 'database_timeout', 'the database did not answer in time, please retry'],
    ['a turn given up on', databaseTimeoutError('waited too long'), 503, 'database_timeout', 'the database did not answer in time, please retry'],
    ['a disk the database cannot grow a file on', Object.assign(new Error('could not extend file "base/5/17062": No space left on device'), { code: '53100' }), 503, 'database_disk_full', 'the database is out of disk space, please retry later'],
    ['a database that cannot be reached', Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' }), 503, 'database_unavailable', 'the database cannot be reached, please retry'],
    ['any other error', Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }), 500, 'internal_error', 'internal error: relation "x" does not exist'],
    ['a thrown string', 'boom', 500, 'internal_error', 'internal error: boom'],
  ])('%s', (_, e, status, code, message) => {
    const err = unexpectedRelayError(e);
    expect([err.status, err.code, err.message, err.type]).toEqual([status, code, message, 'new_api_error']);
  });
});
