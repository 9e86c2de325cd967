import postgres from 'postgres';
import type { Sql } from './connect.js';
import type { WriteMarks } from './write-marks.js';

/**
 * Runs `COPY … FROM STDIN` (text format) with `data` as its whole input, under the writer's key `once` when given,
 * and resolves once the database has taken it (or had taken it at an earlier attempt), or rejects with its error.
 *
 * The COPY runs on a connection reserved for it. postgres.js otherwise sends other queries down a busy
 * connection when its pool is full: one sent behind the COPY's statement, before the database has answered it,
 * reaches the server inside the COPY's input (PostgreSQL then ends the connection, "protocol synchronization was
 * lost", and the queries on it fail; PGlite behind core/db/embedded-wire-server.ts stopped answering altogether),
 * and one sent while the data streams is refused with COPY_IN_PROGRESS. The reserved connection may still have a
 * query in flight ahead of the COPY (postgres.js's pool gives a connection it just opened for queued queries to a
 * waiting reserve after running the first of them): it is answered first, as on PostgreSQL (the embedded socket
 * answers in order too).
 *
 * postgres.js resolves the query with its writable at CopyInResponse and, should the database refuse the data
 * after CopyDone, hands the error to that already settled query and never finishes the writable
 * (porsager/postgres#1173, 3.4.9): awaiting the writable alone would wait forever. The query's reject is the
 * one place the error still reaches, so it is watched here as well.
 */
export async function copyIn(sql: Sql, statement: string, data: string | Buffer, once: { marks: WriteMarks; seq: number } | null): Promise<void> {
  const conn = await sql.reserve();
  try {
    if (!once) await copyOn(conn, statement, data);
    else {
      // In a transaction under the batch's key: a COPY whose answer is lost after it committed is tried again and
      // finds its key taken, rather than writing its rows twice (WriteMarks).
      await conn`BEGIN`;
      if (await once.marks.claim(conn, once.seq)) await copyOn(conn, statement, data);
      await conn`COMMIT`;
      once.marks.done(once.seq);
    }
  } catch (e) {
    if (!connectionLost(e)) {
      if (once) await conn`ROLLBACK`.catch(() => {});
      conn.release();
    }
    throw e;
  }
  conn.release();
}

/**
 * A COPY that failed with its connection: the database ended it (FATAL, e.g. a shutdown) or the socket closed or
 * broke (postgres.js's CONNECTION_CLOSED, ECONNRESET…), as against a refusal of the data on a connection that
 * lives on. Such a connection is not released: its socket may still be closing, and a released connection goes
 * back among the pool's open ones, where the next query would be sent down it and fail (unpatched, postgres.js
 * 3.4.9 did so even after the socket had closed, for good, and the first such query threw from a timer and ended
 * the process: porsager/postgres#1199, patches/). Left reserved, it is moved among the closed ones when its socket
 * closes and the pool connects it again when it needs it.
 */
function connectionLost(e: unknown): boolean {
  return !(e instanceof postgres.PostgresError) || e.severity === 'FATAL' || e.severity === 'PANIC';
}

async function copyOn(sql: Pick<Sql, 'unsafe'>, statement: string, data: string | Buffer): Promise<void> {
  const query = sql.unsafe(statement) as ReturnType<Sql['unsafe']> & { reject: (e: unknown) => void };
  const refused = new Promise<never>((_, reject) => {
    const settle = query.reject;
    query.reject = (e) => {
      settle(e);
      reject(e);
    };
  });
  refused.catch(() => {});
  const stream = await query.writable();
  await Promise.race([refused, new Promise<void>((resolve, reject) => stream.end(data, (e?: Error | null) => (e ? reject(e) : resolve())))]);
}
