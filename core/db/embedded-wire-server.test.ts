import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from './connect.js';
import { copyIn } from './copy-in.js';
import { EmbeddedWireServer } from './embedded-wire-server.js';
import { migrationsDir } from './migrate.js';
import { WriteMarks } from './write-marks.js';

describe('EmbeddedWireServer', () => {
  let db: PGlite;
  let server: EmbeddedWireServer;
  let a: postgres.Sql;
  let b: postgres.Sql;
  let socketPath: string;

  beforeAll(async () => {
    db = await PGlite.create();
    server = new EmbeddedWireServer(db);
    const path = (socketPath = await server.listen());
    const opts = { path, user: 'postgres', database: 'postgres', max: 8, onnotice: () => {} };
    a = postgres(opts);
    b = postgres(opts);
    await a`CREATE TABLE counter (id int PRIMARY KEY, n bigint NOT NULL)`;
    await a`INSERT INTO counter VALUES (1, 0)`;
    await a`CREATE TABLE copied (n int NOT NULL, t text NOT NULL)`;
    // copyIn writes under a key of ferryman_writes, taken by ferryman_claim
    for (const file of ['0015_logs_write_marks.sql', '0019_logs_write_claim.sql']) await a.unsafe(readFileSync(`${migrationsDir()}/${file}`, 'utf8'));
  }, 180_000);

  afterAll(async () => {
    await a.end();
    await b.end();
    await server.close();
    await db.close();
  });

  it('keeps concurrent queries from many connections and pools apart', async () => {
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) => (i % 2 ? a : b)<{ v: number }[]>`SELECT ${i}::int AS v`.then((r) => r[0]!.v)),
    );
    expect(results).toEqual(Array.from({ length: 300 }, (_, i) => i));
  });

  it('reports a failing statement and keeps serving the connection and the others', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? a`SELECT 1 / ${i - i}::int AS v` : b<{ v: number }[]>`SELECT ${i}::int AS v`)),
    );
    results.forEach((r, i) => {
      if (i % 3 === 0) expect(r).toMatchObject({ status: 'rejected', reason: { message: 'division by zero' } });
      else expect(r).toMatchObject({ status: 'fulfilled', value: [{ v: i }] });
    });
    expect((await a<{ v: number }[]>`SELECT 7 AS v`)[0]!.v).toBe(7);
  });

  it('runs transactions in isolation while other connections query', async () => {
    const work = Array.from({ length: 40 }, (_, i) =>
      i % 4 === 0
        ? a.begin(async (tx) => {
            const [row] = await tx<{ n: string }[]>`SELECT n FROM counter WHERE id = 1`;
            await tx`UPDATE counter SET n = ${Number(row!.n) + 1} WHERE id = 1`;
          })
        : b<{ v: number }[]>`SELECT ${i}::int AS v`.then((r) => expect(r[0]!.v).toBe(i)),
    );
    await Promise.all(work);
    const [row] = await b<{ n: string }[]>`SELECT n FROM counter WHERE id = 1`;
    // A read-modify-write inside each transaction only adds up if no other statement slipped in between.
    expect(Number(row!.n)).toBe(10);
  });

  it('rolls back a transaction whose connection dies, and serves the others afterwards', async () => {
    const c = postgres({ ...a.options, max: 1 } as never);
    const stuck = c.begin(async (tx) => {
      await tx`UPDATE counter SET n = -1 WHERE id = 1`;
      await new Promise(() => {});
    });
    stuck.catch(() => {});
    await new Promise((r) => setTimeout(r, 200));
    await c.end({ timeout: 0 });
    const [row] = await b<{ n: string }[]>`SELECT n FROM counter WHERE id = 1`;
    expect(Number(row!.n)).toBe(10);
  });

  it('closes the statements a connection prepared when it ends, as PostgreSQL ends its session, and keeps the others\' statements', async () => {
    // read without preparing, so the reading adds no statement of its own
    const names = async () => new Set((await b.unsafe<{ name: string }[]>('SELECT name FROM pg_prepared_statements', [], { prepare: false })).map((r) => r.name));
    await a<{ v: number }[]>`SELECT ${1}::int AS v`;
    const before = await names();
    const c = postgres({ ...a.options, max: 1 } as never);
    await c`SELECT ${1}::int AS v`;
    await c`SELECT n FROM counter WHERE id = ${1}`;
    const during = await names();
    // its two queries, and the type lookup postgres.js makes on a new connection
    const own = [...during].filter((n) => !before.has(n));
    expect(own).toHaveLength(3);
    await c.end();
    // the connection's statements go once its socket has closed on this side
    let after = await names();
    for (let i = 0; i < 100 && own.some((n) => after.has(n)); i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = await names();
    }
    expect(after).toEqual(before);
    // the statements of connections still open still run
    expect((await a<{ v: number }[]>`SELECT ${9}::int AS v`)[0]!.v).toBe(9);
  });

  it('takes a COPY FROM STDIN whose data comes after it, without holding the database while the data is on its way', async () => {
    const stream = await a`COPY copied (n, t) FROM STDIN`.writable();
    stream.write('1\tone\n');
    await new Promise((r) => setTimeout(r, 50));
    // The COPY is open on one connection; another is served meanwhile.
    expect((await b<{ v: number }[]>`SELECT 5 AS v`)[0]!.v).toBe(5);
    stream.write('2\ttab\\\\there\n'); // \\ is one backslash in COPY's text format
    await new Promise<void>((resolve, reject) => stream.end('3\t\\\\N\n', (e?: Error | null) => (e ? reject(e) : resolve())));
    expect(await b`SELECT n, t FROM copied ORDER BY n`).toEqual([
      { n: 1, t: 'one' },
      { n: 2, t: 'tab\\there' },
      { n: 3, t: '\\N' },
    ]);
  });

  it('ends a connection that sends another statement inside a COPY, as PostgreSQL does, and serves the others', async () => {
    const socket = createConnection(socketPath);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.resume(); // its answers are not read here; a paused socket would never see the end
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const message = (type: string, body: Buffer) => Buffer.concat([Buffer.from(type), int32(body.length + 4), body]);
    const startup = Buffer.concat([int32(196608), Buffer.from('user\0postgres\0database\0postgres\0\0')]);
    socket.write(Buffer.concat([int32(startup.length + 4), startup]));
    // a COPY's statement, then (before its answer) another query: no part of the COPY's data
    socket.write(Buffer.concat([
      message('Q', Buffer.from('COPY copied (n, t) FROM STDIN\0')),
      message('P', Buffer.from('\0SELECT 1\0\0\0')),
      message('S', Buffer.alloc(0)),
      message('d', Buffer.from('50\tinside\n')),
      message('c', Buffer.alloc(0)),
    ]));
    await closed;
    expect((await a<{ c: number }[]>`SELECT count(*)::int AS c FROM copied WHERE n = 50`)[0]!.c).toBe(0);
    expect((await b<{ v: number }[]>`SELECT 9 AS v`)[0]!.v).toBe(9);
  });

  it('reports a COPY the database refuses, adds none of its rows and keeps serving the connection', async () => {
    const one = postgres({ ...a.options, max: 1 } as never) as unknown as Sql;
    const marks = new WriteMarks('test');
    const key = () => ({ marks, seq: marks.next() });
    await expect(copyIn(one, 'COPY copied (n, t) FROM STDIN', '10\tfine\nnot a number\tbad\n', key())).rejects.toThrow(/invalid input syntax for type integer/);
    expect((await one<{ c: number }[]>`SELECT count(*)::int AS c FROM copied WHERE n = 10`)[0]!.c).toBe(0);
    await copyIn(one, 'COPY copied (n, t) FROM STDIN', '11\tafter\n', key());
    expect((await one<{ c: number }[]>`SELECT count(*)::int AS c FROM copied WHERE n = 11`)[0]!.c).toBe(1);
    await one.end();
  });

  it('answers a COPY sent behind a query still waiting for the session after that query, as PostgreSQL does', async () => {
    // postgres.js can hand out a reserved connection with a query still in flight on it (its pool's onopen runs the
    // queued queries on a connection that opens and then gives the same connection to a waiting reserve()): the
    // log writer's COPY then followed a VACUUM on one connection. Answered before that query, the CopyInResponse
    // reached the client while it waited for the query's answer, and the COPY hung for good.
    const socket = createConnection(socketPath);
    let received = Buffer.alloc(0);
    socket.on('data', (d: Buffer) => (received = Buffer.concat([received, d])));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const types = () => {
      const out: string[] = [];
      for (let at = 0; at + 5 <= received.length; at += 1 + received.readInt32BE(at + 1)) out.push(String.fromCharCode(received[at]!));
      return out.join('');
    };
    const until = async (ok: (t: string) => boolean) => {
      for (let i = 0; i < 100 && !ok(types()); i++) await new Promise((r) => setTimeout(r, 20));
      return types();
    };
    const message = (type: string, body: Buffer) => Buffer.concat([Buffer.from(type), int32(body.length + 4), body]);
    const startup = Buffer.concat([int32(196608), Buffer.from('user\0postgres\0database\0postgres\0\0')]);
    socket.write(Buffer.concat([int32(startup.length + 4), startup]));
    expect(await until((t) => t.endsWith('Z'))).toMatch(/Z$/);
    received = Buffer.alloc(0);
    // another connection holds the session in a transaction meanwhile, so the query waits its turn
    let commit!: () => void;
    const held = new Promise<void>((r) => (commit = r));
    let holding!: () => void;
    const holds = new Promise<void>((r) => (holding = r));
    const transaction = b.begin(async (tx) => {
      await tx`SELECT 1`;
      holding();
      await held;
    });
    await holds;
    socket.write(Buffer.concat([message('Q', Buffer.from('SELECT 41 AS v\0')), message('Q', Buffer.from('COPY copied (n, t) FROM STDIN\0'))]));
    await new Promise((r) => setTimeout(r, 200));
    expect(types()).toBe('');
    commit();
    await transaction;
    // the query's answer (row description, row, complete, ready), then the COPY's CopyInResponse
    expect(await until((t) => t.endsWith('G'))).toBe('TDCZG');
    received = Buffer.alloc(0);
    socket.write(Buffer.concat([message('d', Buffer.from('30\tbehind\n')), message('c', Buffer.alloc(0))]));
    expect(await until((t) => t.endsWith('Z'))).toBe('CZ');
    expect((await a<{ c: number }[]>`SELECT count(*)::int AS c FROM copied WHERE n = 30`)[0]!.c).toBe(1);
    socket.destroy();
  });

  it('ends a COPY its client abandons (CopyFail) without its rows', async () => {
    const stream = await a`COPY copied (n, t) FROM STDIN`.writable();
    stream.write('20\tabandoned\n');
    stream.on('error', () => {});
    stream.destroy(new Error('client gave up'));
    await new Promise((r) => setTimeout(r, 100));
    expect((await a<{ c: number }[]>`SELECT count(*)::int AS c FROM copied WHERE n = 20`)[0]!.c).toBe(0);
    expect((await a<{ v: number }[]>`SELECT 8 AS v`)[0]!.v).toBe(8);
  });
});

function int32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
}
