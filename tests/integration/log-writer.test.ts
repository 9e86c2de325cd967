import { createServer, type Server } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogWriter, newLog, type NewLog } from '../../core/billing/log-writer.js';
import { driverOptions, type Sql } from '../../core/db/connect.js';
import type { Logger } from '../../core/log/logger.js';
import { dialDatabase, openRepositoryDb, type RepositoryDb } from '../support/repository-db.js';

// The batched log insert (COPY … FROM STDIN, text format) against a real database, whichever the suite runs on:
// every column of every row comes back exactly as added, whatever its text holds, a batch the database
// refuses is reported and kept, not waited on forever, and one whose connection is lost leaves a pool that serves on.

const quiet: Logger = { info() {}, warn() {}, error() {}, debug() {} };

const SSL_REQUEST = 80877103;

/**
 * A TCP relay to the test's database that cuts the first connection to send CopyData, before the data reaches
 * the database: both sockets closed, no error message, as a database host that dies or a network that fails.
 */
async function copyCuttingRelay(target: Sql['options']): Promise<{ port: number; cuts: () => number; close(): Promise<void> }> {
  let cuts = 0;
  const server: Server = createServer((client) => {
    const upstream = dialDatabase(target);
    let pending = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      if (cuts === 0) {
        // walk the client's messages: untyped start-up ones (an SSL request, then the start-up), then typed ones
        pending = Buffer.concat([pending, chunk]);
        for (;;) {
          if (!started) {
            if (pending.length < 8) break;
            const len = pending.readInt32BE(0);
            if (pending.length < len) break;
            started = pending.readInt32BE(4) !== SSL_REQUEST;
            pending = pending.subarray(len);
            continue;
          }
          if (pending.length < 5) break;
          if (pending[0] === 0x64) {
            cuts++;
            client.destroy();
            upstream.destroy();
            return;
          }
          const len = pending.readInt32BE(1) + 1;
          if (pending.length < len) break;
          pending = pending.subarray(len);
        }
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => {});
    upstream.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    cuts: () => cuts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Text COPY must escape (or would read as NULL or the end of data), and text that must stay text.
const AWKWARD = ['', 'NULL', 'null', '\\N', '\\.', 'a"b', 'back\\slash', '{brace}', 'comma,separated', 'line\nbreak\ttab\rcr', ' padded ', '模型倍率 0.07，补全倍率 4.00', '🚀 {"json":[1,2]}', "it's", '\u0001\u001f'];

describe('LogWriter on a database', () => {
  let db: RepositoryDb;
  beforeAll(async () => {
    db = await openRepositoryDb();
  }, 120_000);
  afterAll(() => db?.close());

  it('writes every column of every row as added, awkward text and large numbers included', async () => {
    const rows: NewLog[] = AWKWARD.map((text, i) =>
      newLog({
        user_id: 1000 + i,
        created_at: 1_764_000_000 + i,
        type: (i % 5) + 1,
        content: text,
        username: `${text}-user`,
        token_name: text,
        model_name: `${text}model`,
        quota: 1_000_000_000_000_000 + i,
        prompt_tokens: i,
        completion_tokens: 2 * i,
        use_time: 3 * i,
        is_stream: i % 2 === 0,
        channel_id: 7 + i,
        token_id: 9 + i,
        group: text,
        other: JSON.stringify({ text }),
      }),
    );
    const writer = new LogWriter(db.sql, quiet, { batchRows: 5 });
    for (const row of rows) writer.add(row);
    await writer.flush();
    const back = await db.sql<Array<NewLog & { id: number }>>`
      SELECT user_id, created_at, type, content, username, token_name, model_name, quota, prompt_tokens, completion_tokens,
             use_time, is_stream, channel_id, token_id, "group", other
      FROM logs ORDER BY id`;
    expect(back.map((r) => ({ ...r }))).toEqual(rows);
  });

  it('drops the NUL PostgreSQL text cannot hold, keeping the rest of the row', async () => {
    const writer = new LogWriter(db.sql, quiet);
    writer.add(newLog({ type: 2, content: 'a\u0000b', model_name: 'm\u0000', created_at: 1_764_100_000 }));
    await writer.flush();
    const [row] = await db.sql<Array<{ content: string; model_name: string }>>`SELECT content, model_name FROM logs WHERE created_at = 1764100000`;
    expect(row).toEqual({ content: 'ab', model_name: 'm' });
  });

  it('reports a batch the database refuses instead of waiting on it forever, and writes none of it', async () => {
    const errors: Array<Record<string, unknown> | undefined> = [];
    const writer = new LogWriter(db.sql, { ...quiet, error: (_m, f) => errors.push(f) });
    // a quota that is not an integer: bigint refuses it, after the data has gone (the driver alone would never settle)
    writer.add(newLog({ type: 2, content: 'refused', quota: 1.5, created_at: 1_764_200_000 }));
    await writer.flush();
    expect(errors).toEqual([{ error: expect.stringMatching(/invalid input syntax for type bigint/) }]);
    const [row] = await db.sql<Array<{ c: number }>>`SELECT count(*)::int AS c FROM logs WHERE created_at = 1764200000`;
    expect(row!.c).toBe(0);
  });

  it('keeps its batches apart from queries the pool sends meanwhile: each is answered, every row lands', async () => {
    // A full pool sends a query down a busy connection; one behind a COPY's statement used to travel inside the
    // COPY's data (PostgreSQL ended the connection and the queries on it failed; the embedded database stalled).
    const writer = new LogWriter(db.sql, quiet, { batchRows: 100 });
    const failures: string[] = [];
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 100; i++) writer.add(newLog({ type: 2, content: `busy ${round}.${i}`, created_at: 1_764_300_000 }));
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => db.sql<Array<{ v: number }>>`SELECT ${round * 100 + i}::int AS v`.then((r) => r[0]?.v, (e: Error) => e.message)),
      );
      answers.forEach((v, i) => v !== round * 100 + i && failures.push(`${round * 100 + i}: ${String(v)}`));
    }
    await writer.flush();
    expect(failures).toEqual([]);
    // distinct contents too: each batch's bytes reach the database whole, though the writer reuses its buffers
    const [row] = await db.sql<Array<{ c: number; d: number }>>`
      SELECT count(*)::int AS c, count(DISTINCT content)::int AS d FROM logs WHERE created_at = 1764300000 AND content LIKE 'busy %'`;
    expect(row).toEqual({ c: 2000, d: 2000 });
  }, 60_000);

  it('keeps a batch whose connection is cut mid-COPY, writes it on the next flush, and its pool serves on', async () => {
    const relay = await copyCuttingRelay(db.sql.options);
    const sql = postgres({ host: '127.0.0.1', port: relay.port, user: db.sql.options.user, database: db.sql.options.database, ...driverOptions(2) }) as unknown as Sql;
    try {
      const errors: unknown[] = [];
      const writer = new LogWriter(sql, { ...quiet, error: (_m, f) => errors.push(f) }, { batchRows: 50 });
      for (let i = 0; i < 10; i++) writer.add(newLog({ type: 2, content: `cut ${i}`, created_at: 1_764_400_000 }));
      await writer.flush();
      expect([relay.cuts(), errors.length]).toEqual([1, 1]);
      // postgres.js handed the cut connection back to its pool when released, and the next query on it threw
      // from a timer, ending the process (porsager/postgres#1199)
      for (let i = 0; i < 4; i++) expect((await sql<Array<{ v: number }>>`SELECT ${i}::int AS v`)[0]!.v).toBe(i);
      await writer.flush();
      const [row] = await db.sql<Array<{ c: number }>>`SELECT count(*)::int AS c FROM logs WHERE created_at = 1764400000`;
      expect(row!.c).toBe(10);
    } finally {
      // postgres.js keeps the cut COPY as the dead connection's query until it connects again, and end() waits for it
      await sql.end({ timeout: 0 });
      await relay.close();
    }
  }, 60_000);
});
