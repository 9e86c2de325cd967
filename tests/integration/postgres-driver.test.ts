import { connect, type Socket } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverOptions, type Sql } from '../../core/db/connect.js';
import { openRepositoryDb, type RepositoryDb } from '../support/repository-db.js';

// postgres.js 3.4.9 as patched by patches/postgres+3.4.9.patch (porsager/postgres#1208, PR #1209 and the
// teardown half of it): a connection that loses its socket while a write waits for the next turn of the event
// loop must neither end the process nor keep that write for the socket it connects next.

/** A client of the test database whose sockets the test holds, so it can cut them at a chosen moment. */
function clientWithSockets(db: RepositoryDb, extra: postgres.Options<{}> = {}) {
  const sockets: Socket[] = [];
  const o = db.sql.options;
  const target = o.path ? { path: o.path } : { host: o.host[0]!, port: o.port[0]! };
  const sql = postgres({
    ...driverOptions(1),
    user: o.user,
    database: o.database,
    ...extra,
    socket: () => {
      const s = 'path' in target && target.path ? connect(target.path) : connect(target.port!, target.host);
      sockets.push(s);
      return s;
    },
  }) as unknown as Sql;
  return { sql, sockets };
}

/** Cuts the socket in the check phase and queries right after it, so the query's write waits for the next turn while the close lands in this one. */
function cutWithWritePending(socket: Socket, sql: Sql): Promise<string> {
  return new Promise((resolve) =>
    setImmediate(() => {
      socket.destroy();
      sql`SELECT 2 AS v`.then(
        () => resolve('answered'),
        (e: { code?: string }) => resolve(e.code ?? String(e)),
      );
    }),
  );
}

describe('postgres.js connection teardown (patched)', () => {
  let db: RepositoryDb;
  beforeAll(async () => {
    db = await openRepositoryDb(/^$/);
  }, 60_000);
  afterAll(async () => db?.close());

  it('a pooled connection cut with a write pending connects again and answers', async () => {
    const { sql, sockets } = clientWithSockets(db, { connect_timeout: 3 });
    try {
      expect((await sql<{ v: number }[]>`SELECT 1 AS v`)[0]!.v).toBe(1);
      expect(await cutWithWritePending(sockets[0]!, sql)).toBe('CONNECTION_CLOSED');
      // unpatched: the next socket's start-up message sat behind the dropped write, never sent (CONNECT_TIMEOUT, for good)
      expect((await sql<{ v: number }[]>`SELECT 3 AS v`)[0]!.v).toBe(3);
      expect(sockets.length).toBe(2);
    } finally {
      await sql.end({ timeout: 0 });
    }
  }, 30_000);

  it('a reserved connection whose socket is gone rejects its query instead of throwing from a timer', async () => {
    const { sql, sockets } = clientWithSockets(db);
    try {
      const reserved = await sql.reserve();
      expect((await reserved<{ v: number }[]>`SELECT 1 AS v`)[0]!.v).toBe(1);
      sockets[0]!.destroy();
      await new Promise((r) => sockets[0]!.once('close', r));
      // unpatched: TypeError: Cannot read properties of null (reading 'write') at Immediate.nextWrite, uncaught
      await expect(reserved`SELECT 2 AS v`).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
      // the pool had already counted it closed: another query connects afresh
      expect((await sql<{ v: number }[]>`SELECT 3 AS v`)[0]!.v).toBe(3);
    } finally {
      await sql.end({ timeout: 0 });
    }
  }, 30_000);
});
