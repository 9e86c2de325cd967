import { createServer, type Socket } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverOptions, type Sql } from '../../core/db/connect.js';
import { dialDatabase, openRepositoryDb, type RepositoryDb } from '../support/repository-db.js';
import { testDbKind } from '../support/test-database.js';

// postgres.js 3.4.9 as patched by patches/postgres+3.4.9.patch: a connection that loses its socket while a write
// waits for the next turn of the event loop must neither end the process (porsager/postgres#1208) nor keep that
// write for the socket it connects next, and a reserve() waiting while the database cannot be reached must
// settle; and its sockets go without Nagle's algorithm. Each test fails on the unpatched driver, as its comments say.

/** A client of the test database whose sockets the test holds, so it can cut them at a chosen moment. */
function clientWithSockets(db: RepositoryDb, extra: postgres.Options<{}> = {}) {
  const sockets: Socket[] = [];
  /** what the driver set TCP_NODELAY to on each socket */
  const noDelay = new Map<Socket, boolean>();
  const o = db.sql.options;
  // `socket` (a function returning the connection's socket) is an option the driver reads but does not type
  const socket = () => {
    const s = dialDatabase(o);
    const set = s.setNoDelay.bind(s);
    s.setNoDelay = (enable = true) => (noDelay.set(s, enable), set(enable));
    sockets.push(s);
    return s;
  };
  const sql = postgres({ ...driverOptions(1), user: o.user, database: o.database, ...extra, socket } as postgres.Options<{}>) as unknown as Sql;
  return { sql, sockets, noDelay };
}

/** A TCP relay to the test database that can cut its connections and reset the next few it is offered. */
async function resettingRelay(db: RepositoryDb) {
  const open = new Set<Socket>();
  let resets = 0;
  const server = createServer((client) => {
    if (resets > 0) {
      resets--;
      client.resetAndDestroy();
      return;
    }
    const upstream = dialDatabase(db.sql.options);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('error', () => {});
      s.on('close', () => open.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as { port: number }).port,
    cutAndReset(next: number) {
      resets = next;
      for (const s of open) s.destroy();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
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

  it("turns Nagle's algorithm off on its sockets, as libpq does", async () => {
    const { sql, sockets, noDelay } = clientWithSockets(db);
    try {
      expect((await sql<{ v: number }[]>`SELECT 1 AS v`)[0]!.v).toBe(1);
      // unpatched: never set. A COPY's data and its CopyDone, two writes, then waited ~40 ms twice for the server's
      // delayed ACK: 88 ms a 250-row log batch instead of 2.5, and under load the log writer fell behind and dropped
      // rows (bench/soak.ts on PostgreSQL: a drift of 23 509 710 over 10 minutes).
      expect(sockets.map((s) => noDelay.get(s))).toEqual([true]);
    } finally {
      await sql.end({ timeout: 0 });
    }
  }, 30_000);

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
      // unpatched: the pool took it back among its open connections, socket or not, and every query failed
      reserved.release();
      for (let i = 3; i < 6; i++) expect((await sql<{ v: number }[]>`SELECT ${i}::int AS v`)[0]!.v).toBe(i);
      expect(sockets.length).toBe(2);
    } finally {
      await sql.end({ timeout: 0 });
    }
  }, 30_000);

  it('reserves waiting while the database cannot be reached settle, and the pool serves once it can', async () => {
    const relay = await resettingRelay(db);
    const sql = postgres({ host: '127.0.0.1', port: relay.port, user: db.sql.options.user, database: db.sql.options.database, ...driverOptions(1) }) as unknown as Sql;
    try {
      expect((await sql<{ v: number }[]>`SELECT 1 AS v`)[0]!.v).toBe(1);
      relay.cutAndReset(2);
      await new Promise((r) => setTimeout(r, 200));
      // The first reserve connects and is reset. Unpatched, it stayed queued although rejected, the pool connected
      // again for it (reset too), then for the second reserve, whose connection came up and was never handed over.
      const outcomes = [sql.reserve(), sql.reserve()].map((p) =>
        p.then(
          (r) => (r.release(), 'reserved'),
          (e: { code?: string }) => e.code ?? String(e),
        ),
      );
      const settled = await Promise.race([Promise.all(outcomes), new Promise((r) => setTimeout(() => r('hung'), 10_000))]);
      expect(settled).toEqual(['ECONNRESET', 'ECONNRESET']);
      expect((await sql<{ v: number }[]>`SELECT 3 AS v`)[0]!.v).toBe(3);
      const again = await sql.reserve();
      expect((await again<{ v: number }[]>`SELECT 4 AS v`)[0]!.v).toBe(4);
      again.release();
    } finally {
      await sql.end({ timeout: 0 });
      await relay.close();
    }
  }, 30_000);

  it('reserve() on a pool that does not fetch array types gets a connection', async () => {
    const { sql } = clientWithSockets(db, { fetch_types: false });
    try {
      // unpatched: the connection opened for the reserve was kept from it and from the pool alike
      const reserved = await Promise.race([sql.reserve(), new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
      expect(reserved).not.toBeNull();
      expect((await reserved!<{ v: number }[]>`SELECT 1 AS v`)[0]!.v).toBe(1);
      reserved!.release();
    } finally {
      await sql.end({ timeout: 0 });
    }
  }, 30_000);
});

/** How a query ended, and after how many ms; 'pending' if not within `limitMs` (the unpatched driver ignores query_timeout). */
async function outcome(query: PromiseLike<unknown>, limitMs = 6000): Promise<{ result: string; ms: number }> {
  const started = performance.now();
  const result = await Promise.race([
    Promise.resolve(query).then(
      () => 'answered',
      (e: { code?: string }) => e.code ?? String(e),
    ),
    new Promise<string>((r) => setTimeout(() => r('pending'), limitMs)),
  ]);
  return { result, ms: performance.now() - started };
}

// SQL_QUERY_TIMEOUT (core/db/connect.ts) rests on the patch's query_timeout. The embedded database is not given one
// (PGlite cannot cancel a statement), so these run on PostgreSQL.
describe.skipIf(testDbKind() !== 'postgres')('postgres.js query_timeout (patched)', () => {
  let db: RepositoryDb;
  beforeAll(async () => {
    db = await openRepositoryDb(/^$/);
  }, 60_000);
  afterAll(async () => db?.close());

  const pool = (max: number, deadlineS = 1) => {
    const o = db.sql.options;
    return postgres({ ...driverOptions(max, undefined, deadlineS), host: o.host[0], port: o.port[0], user: o.user, database: o.database }) as unknown as Sql;
  };
  const untimed = { query_timeout: 0 } as unknown as postgres.UnsafeQueryOptions;
  // on the pool under test, without its deadline: on a machine busy with other tests it can take a second too
  const sleeping = (sql: Sql) =>
    sql.unsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'SELECT pg_sleep%'`,
      [],
      untimed,
    );

  it('cancels a running statement on the server at its deadline; the connection serves on', async () => {
    const sql = pool(1);
    try {
      const slow = await outcome(sql`SELECT pg_sleep(30)`);
      expect(slow.result).toBe('57014');
      expect(slow.ms).toBeGreaterThan(900);
      expect(slow.ms).toBeLessThan(3000);
      // the server stopped it: the pool's one connection answers at once
      expect((await sleeping(sql))[0]!.n).toBe(0);
    } finally {
      await sql.end({ timeout: 0 });
    }
  }, 30_000);

  it('a query waiting for a connection leaves the queue at its deadline, and never runs', async () => {
    const sql = pool(1);
    try {
      const held = await sql.reserve();
      const queued = await outcome(sql`SELECT pg_sleep(30)`);
      expect(queued.result).toBe('57014');
      expect(queued.ms).toBeLessThan(3000);
      held.release();
      expect((await sleeping(sql))[0]!.n).toBe(0);
    } finally {
      await sql.end({ timeout: 0 });
    }
  }, 30_000);

  it('waits for a free connection instead of in line behind a busy one, so a hung statement delays no other', async () => {
    const sql = pool(2, 3);
    try {
      // both connections open and idle
      await Promise.all([sql`SELECT pg_sleep(0.1)`, sql`SELECT pg_sleep(0.1)`]);
      // fills both, then a quick query waits in the pool's queue for the first to come free: unpatched, it went down
      // the first busy connection, in line behind the hung statement, and was cancelled at its deadline with it
      const hung = outcome(sql`SELECT pg_sleep(30)`);
      const short = outcome(sql`SELECT pg_sleep(0.3)`);
      const quick = outcome(sql`SELECT 1`);
      expect((await quick).result).toBe('answered');
      expect((await quick).ms).toBeLessThan(2500);
      expect((await short).result).toBe('answered');
      expect((await hung).result).toBe('57014');
    } finally {
      await sql.end({ timeout: 0 });
    }
  }, 30_000);

  it('holds in a transaction and on a reserved connection; a query that opts out runs on', async () => {
    const sql = pool(2);
    try {
      expect((await outcome(sql.begin((tx) => tx`SELECT pg_sleep(30)`))).result).toBe('57014');
      const reserved = await sql.reserve();
      expect((await outcome(reserved`SELECT pg_sleep(30)`)).result).toBe('57014');
      reserved.release();
      expect((await outcome(sql.unsafe('SELECT pg_sleep(1.5)', [], untimed))).result).toBe('answered');
    } finally {
      await sql.end({ timeout: 0 });
    }
  }, 30_000);
});
