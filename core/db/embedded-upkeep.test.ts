import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from './connect.js';
import { embeddedStartParams } from './embedded-settings.js';
import { embeddedUpkeepRound } from './embedded-upkeep.js';
import { EmbeddedWireServer } from './embedded-wire-server.js';
import { migrate } from './migrate.js';

// PGlite itself (single-user PostgreSQL, no autovacuum) with the gateway's schema, as the embedded database runs it.
describe('embeddedUpkeepRound', () => {
  let db: PGlite;
  let server: EmbeddedWireServer;
  let sql: Sql;
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    db = await PGlite.create({ startParams: embeddedStartParams(PGlite.defaultStartParams, { sharedBuffersMb: 16 }) });
    server = new EmbeddedWireServer(db);
    sql = postgres({ path: await server.listen(), user: 'postgres', database: 'postgres', max: 2, prepare: false, onnotice: () => {} }) as unknown as Sql;
    await migrate(sql);
  }, 180_000);
  afterAll(async () => {
    await sql.end();
    await server.close();
    await db.close();
  });

  /** A writer's keys as WriteMarks writes them: each new one deletes the one before, so one row stays live. */
  const churn = async (from: number, n: number) => {
    for (let seq = from; seq < from + n; seq++) await sql`SELECT ferryman_claim('upkeep-test', ${seq}, ${seq})`;
  };
  const size = async () => Number((await sql<{ b: number }[]>`SELECT pg_total_relation_size('ferryman_writes') AS b`)[0]!.b);
  const addLogs = (model: string, n: number) => sql`
    INSERT INTO logs (user_id, created_at, type, content, username, token_name, model_name, quota, prompt_tokens,
      completion_tokens, use_time, is_stream, channel_id, token_id, "group", other)
    SELECT 1, ${now} - g % 100, 2, '', 'u', 't', ${model}, 1, 1, 1, 0, false, 1, 1, 'default', '' FROM generate_series(1, ${n}) g`;
  const modelStats = async () => {
    const [row] = await sql<{ vals: string | null }[]>`
      SELECT s.most_common_vals::text AS vals FROM logs l JOIN pg_stats s ON s.tablename = l.tableoid::regclass::text
      WHERE s.attname = 'model_name' LIMIT 1`;
    return row?.vals ?? null;
  };

  it('keeps a table whose rows are deleted and inserted from growing', async () => {
    await churn(0, 3000);
    const grown = await size();
    await churn(3000, 3000);
    // nothing vacuumed: the dead rows' space is not reused
    expect(await size()).toBeGreaterThan(grown * 1.5);
    await embeddedUpkeepRound(sql, now, false);
    const vacuumed = await size();
    await churn(6000, 3000);
    expect(await size()).toBe(vacuumed);
  }, 120_000);

  it('freezes every table of the database, the logs\' partitions and the catalogs included', async () => {
    await addLogs('a', 500);
    for (let i = 0; i < 50; i++) await addLogs('a', 1);
    const age = async () => (await sql<{ db: number; oldest: number; logs: number }[]>`
      SELECT (SELECT age(datfrozenxid) FROM pg_database WHERE datname = current_database()) AS db,
             (SELECT max(age(relfrozenxid)) FROM pg_class WHERE relkind IN ('r', 'm', 't')) AS oldest,
             (SELECT max(age(c.relfrozenxid)) FROM logs l JOIN pg_class c ON c.oid = l.tableoid) AS logs`)[0]!;
    const before = await age();
    expect(before.logs).toBeGreaterThan(50);
    const round = await embeddedUpkeepRound(sql, now, false);
    expect(round.tables).toBeGreaterThan(60);
    const after = await age();
    // each VACUUM (FREEZE) of the round takes a transaction id: a table frozen early in the round is that many behind
    expect(after.logs).toBeLessThanOrEqual(round.tables + 1);
    expect(after.oldest).toBeLessThanOrEqual(round.tables + 1);
    expect(after.db).toBeLessThanOrEqual(round.tables + 1);
    expect(after.db).toBeLessThan(before.db);
  }, 120_000);

  it('analyzes a log partition without statistics at once, and the current ones again on the daily round', async () => {
    await sql`TRUNCATE logs`;
    await sql.unsafe(`DELETE FROM pg_statistic WHERE starelid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = 'logs'::regclass)`);
    await addLogs('first-model', 2000);
    expect(await modelStats()).toBeNull();
    await embeddedUpkeepRound(sql, now, false);
    expect(await modelStats()).toBe('{first-model}');
    // the sample behind them is the embedded settings' (300 rows a bucket), not PostgreSQL's 101 buckets of 30 000 rows
    const [ids] = await sql<{ buckets: number }[]>`
      SELECT array_length(s.histogram_bounds, 1) - 1 AS buckets FROM logs l JOIN pg_stats s ON s.tablename = l.tableoid::regclass::text
      WHERE s.attname = 'id' LIMIT 1`;
    expect(ids!.buckets).toBe(25);
    await sql`DELETE FROM logs`;
    await addLogs('second-model', 2000);
    await embeddedUpkeepRound(sql, now, false);
    expect(await modelStats()).toBe('{first-model}');
    await embeddedUpkeepRound(sql, now, true);
    expect(await modelStats()).toBe('{second-model}');
  }, 120_000);
});
