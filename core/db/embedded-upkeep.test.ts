import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from './connect.js';
import { embeddedUpkeepRound } from './embedded-upkeep.js';
import { EmbeddedWireServer } from './embedded-wire-server.js';

// PGlite itself (single-user PostgreSQL, no autovacuum), as the gateway's embedded database runs it.
describe('embeddedUpkeepRound', () => {
  let db: PGlite;
  let server: EmbeddedWireServer;
  let sql: Sql;

  beforeAll(async () => {
    db = await PGlite.create();
    server = new EmbeddedWireServer(db);
    sql = postgres({ path: await server.listen(), user: 'postgres', database: 'postgres', max: 2, prepare: false, onnotice: () => {} }) as unknown as Sql;
    await sql`CREATE TABLE keys (writer text NOT NULL, seq bigint NOT NULL, PRIMARY KEY (writer, seq))`;
    await sql`CREATE TABLE parted (at bigint NOT NULL, v text) PARTITION BY RANGE (at)`;
    await sql`CREATE TABLE parted_a PARTITION OF parted FOR VALUES FROM (0) TO (1000)`;
  }, 180_000);
  afterAll(async () => {
    await sql.end();
    await server.close();
    await db.close();
  });

  /** The write keys' pattern: each new key deletes the one before, so the table holds one live row. */
  const churn = async (from: number, n: number) => {
    for (let seq = from; seq < from + n; seq++) {
      await sql`DELETE FROM keys WHERE writer = 'w' AND seq < ${seq}`;
      await sql`INSERT INTO keys VALUES ('w', ${seq})`;
    }
  };
  const size = async () => Number((await sql<{ b: number }[]>`SELECT pg_total_relation_size('keys') AS b`)[0]!.b);

  it('keeps a table whose rows are deleted and inserted from growing', async () => {
    await churn(0, 3000);
    const grown = await size();
    await churn(3000, 3000);
    // nothing vacuumed: the dead rows' space is not reused
    expect(await size()).toBeGreaterThan(grown * 1.5);
    await embeddedUpkeepRound(sql);
    const vacuumed = await size();
    await churn(6000, 3000);
    expect(await size()).toBe(vacuumed);
  }, 120_000);

  it('freezes every table of the database, partitions and catalogs included', async () => {
    await sql`INSERT INTO parted SELECT g, 'x' FROM generate_series(1, 500) g`;
    for (let i = 0; i < 50; i++) await sql`INSERT INTO parted VALUES (${i}, 'y')`;
    const age = async () => (await sql<{ db: number; oldest: number; partition: number }[]>`
      SELECT (SELECT age(datfrozenxid) FROM pg_database WHERE datname = current_database()) AS db,
             (SELECT max(age(relfrozenxid)) FROM pg_class WHERE relkind IN ('r', 'm', 't')) AS oldest,
             (SELECT age(relfrozenxid) FROM pg_class WHERE relname = 'parted_a') AS partition`)[0]!;
    const before = await age();
    expect(before.partition).toBeGreaterThan(50);
    const round = await embeddedUpkeepRound(sql);
    expect(round.tables).toBeGreaterThan(60);
    const after = await age();
    // each VACUUM (FREEZE) of the round takes a transaction id: a table frozen early in the round is that many behind
    expect(after.partition).toBeLessThanOrEqual(round.tables + 1);
    expect(after.oldest).toBeLessThanOrEqual(round.tables + 1);
    expect(after.db).toBeLessThanOrEqual(round.tables + 1);
    expect(after.db).toBeLessThan(before.db);
  }, 120_000);
});
