import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { databaseFailureOf } from './database-failure.js';

const fromQuery = (e: Error) => Object.defineProperty(e, 'query', { value: 'SELECT 1' });
const coded = (code: string, message = code) => Object.assign(new Error(message), { code });
const server = (code: string, severity = 'ERROR') => new postgres.PostgresError({ message: code, code, severity } as never);

describe('databaseFailureOf', () => {
  it.each([
    ['the driver took it out of its queue', coded('57014'), 'timeout'],
    ['the server cancelled it', server('57014'), 'timeout'],
    ['no space to grow a file', server('53100'), 'disk_full'],
    ['the server shutting down', server('57P01', 'FATAL'), 'unreachable'],
    ['the server starting up', server('57P03', 'FATAL'), 'unreachable'],
    ['a connection closed under a query', coded('CONNECTION_CLOSED'), 'unreachable'],
    ['no connection in time', coded('CONNECT_TIMEOUT'), 'unreachable'],
    ['a refused connection handed to a query', fromQuery(coded('ECONNREFUSED')), 'unreachable'],
    // the same code from anything else (an upstream, a webhook) says nothing of the database
    ['a refused connection of something else', coded('ECONNREFUSED'), null],
    ['an error raised because a statement failed', new Error('outcome unknown', { cause: fromQuery(coded('ECONNREFUSED')) }), 'unreachable'],
    ['a statement error', server('23505'), null],
    ['no code', new Error('boom'), null],
    ['not an error', 'boom', null],
  ])('%s', (_, e, failure) => {
    expect(databaseFailureOf(e)).toBe(failure);
  });
});
