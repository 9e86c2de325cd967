import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogWriter, newLog } from '../../core/billing/log-writer.js';
import { migrate } from '../../core/db/migrate.js';
import { deleteOldLogs, ensureLogPartitions, listLogs } from '../../core/db/repositories/logs.js';
import type { Logger } from '../../core/log/logger.js';
import { logRetentionRound } from '../../core/log-retention/log-retention.js';
import { openRepositoryDb, type RepositoryDb } from '../support/repository-db.js';

// Logs partitioned by month (sql/0011_logs_partitioned.sql), on whichever database the suite runs on: the
// migration of a populated table, partitions made ahead, and retention dropping months. Time is passed in.

const HOOK_TIMEOUT = 120_000;
const log = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;
const utc = (y: number, m: number, d = 1) => Date.UTC(y, m - 1, d) / 1000;
const DAY = 86_400;

interface Part {
  name: string;
  bound: string;
}
async function partitions(db: RepositoryDb): Promise<Part[]> {
  return db.sql<Part[]>`
    SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'logs'::regclass ORDER BY c.relname`;
}
const names = async (db: RepositoryDb) => (await partitions(db)).map((p) => p.name);
async function partitionOf(db: RepositoryDb, id: number): Promise<string> {
  const [row] = await db.sql<{ part: string }[]>`SELECT tableoid::regclass::text AS part FROM logs WHERE id = ${id}`;
  return row!.part;
}
async function indexNames(db: RepositoryDb, table: string): Promise<string[]> {
  const rows = await db.sql<{ name: string }[]>`
    SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = ${table}::regclass ORDER BY 1`;
  return rows.map((r) => r.name);
}

describe('the migration of an existing, populated logs table', () => {
  let db: RepositoryDb;
  let before: { id: number; created_at: number; content: string }[];
  let indexesBefore: string[];
  beforeAll(async () => {
    // the schema as it was before 0011: every earlier migration
    db = await openRepositoryDb(/^00(0\d|10)_.+\.sql$/);
    // a few years of rows, one with new-api's default created_at of 0 and one written with a clock far ahead
    const times = [0, utc(2023, 5, 3), utc(2024, 1, 31), utc(2024, 2, 1), utc(2025, 12, 31) + DAY - 1, Math.floor(Date.now() / 1000), utc(2031, 7, 4)];
    await db.sql`INSERT INTO logs ${db.sql(times.map((t, i) => ({ user_id: 7, created_at: t, type: 2, content: `row ${i}`, quota: i })))}`;
    await db.sql`INSERT INTO logs ${db.sql(Array.from({ length: 300 }, (_, i) => ({ user_id: 8, created_at: utc(2024, 3) + i * 3600, type: 2, content: `bulk ${i}` })))}`;
    before = await db.sql`SELECT id, created_at, content FROM logs ORDER BY id`;
    indexesBefore = (await indexNames(db, 'logs')).filter((n) => n !== 'logs_pkey');
    expect(await migrate(db.sql, undefined, /^0011_/)).toEqual(['0011_logs_partitioned.sql']);
  }, HOOK_TIMEOUT);
  afterAll(() => db?.close());

  it('keeps every row, with its id, in the old table attached as the partition of the months it holds', async () => {
    const [kind] = await db.sql<{ relkind: string }[]>`SELECT relkind FROM pg_class WHERE oid = 'logs'::regclass`;
    expect(kind!.relkind).toBe('p');
    expect(await db.sql`SELECT id, created_at, content FROM logs ORDER BY id`).toEqual(before);
    const legacy = (await partitions(db)).find((p) => p.name === 'logs_legacy')!;
    // up to the month after the newest row (the one far ahead), so every old row fits
    expect(legacy.bound).toMatch(new RegExp(`FROM \\(MINVALUE\\) TO \\('?${utc(2031, 8)}'?\\)`));
    for (const row of before) expect(await partitionOf(db, row.id)).toBe('logs_legacy');
  });

  it('keeps the indexes under their names, a primary key holding created_at, and the id sequence', async () => {
    expect((await indexNames(db, 'logs')).sort()).toEqual([...indexesBefore, 'logs_pkey'].sort());
    const [pk] = await db.sql<{ def: string }[]>`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'logs'::regclass AND contype = 'p'`;
    expect(pk!.def).toBe('PRIMARY KEY (id, created_at)');
    // the writer's batches are written under keys of ferryman_writes, taken by ferryman_claim (later migrations)
    expect(await migrate(db.sql, undefined, /^00(15|19)_/)).toEqual(['0015_logs_write_marks.sql', '0019_logs_write_claim.sql']);
    const writer = new LogWriter(db.sql, log);
    writer.add(newLog({ type: 2, user_id: 7, content: 'after', created_at: utc(2031, 9, 2) }));
    expect(await writer.flush()).toBe(true);
    const [row] = await db.sql<{ id: number }[]>`SELECT id FROM logs WHERE content = 'after'`;
    expect(row!.id).toBe(before.at(-1)!.id + 1);
    // the log pages read across partitions as before: newest id first
    const page = await listLogs(db.sql, { type: 2, userId: 7 }, { offset: 0, limit: 2 });
    expect(page.rows.map((r) => r.content)).toEqual(['after', 'row 6']);
    expect(page.total).toBe(8);
  });

  it('then drops the two redundant indexes (0013) from the table and its legacy partition alike', async () => {
    const legacyBefore = await indexNames(db, 'logs_legacy');
    expect(legacyBefore.some((n) => n.includes('idx_logs_model_name'))).toBe(true);
    expect(await migrate(db.sql)).toContain('0013_logs_redundant_indexes.sql');
    const dropped = ['idx_created_at_id', 'idx_logs_model_name'];
    expect((await indexNames(db, 'logs')).sort()).toEqual([...indexesBefore.filter((n) => !dropped.includes(n)), 'logs_pkey'].sort());
    const legacyAfter = await indexNames(db, 'logs_legacy');
    expect(legacyAfter).toHaveLength(legacyBefore.length - 2);
    expect(legacyAfter.some((n) => n.includes('idx_logs_model_name') || n.includes('idx_created_at_id'))).toBe(false);
  });

  it('drops the old table once retention passes all it holds, and the sequence lives on', async () => {
    const deleted = await deleteOldLogs(db.sql, utc(2031, 8));
    expect(deleted).toBe(before.length);
    expect(await names(db)).not.toContain('logs_legacy');
    await db.sql`INSERT INTO logs (created_at, content) VALUES (${utc(2031, 9, 3)}, 'later')`;
    const [row] = await db.sql<{ id: number }[]>`SELECT id FROM logs WHERE content = 'later'`;
    expect(row!.id).toBe(before.at(-1)!.id + 2);
  });
});

describe('month partitions and retention', () => {
  let db: RepositoryDb;
  beforeAll(async () => {
    db = await openRepositoryDb();
  }, HOOK_TIMEOUT);
  afterAll(() => db?.close());

  const insert = async (created_at: number, content: string) => {
    const [row] = await db.sql<{ id: number }[]>`INSERT INTO logs (user_id, created_at, type, content) VALUES (1, ${created_at}, 2, ${content}) RETURNING id`;
    return row!.id;
  };

  it('a new database starts partitioned: a default partition and months from now on, no legacy table', async () => {
    const list = await names(db);
    expect(list).toContain('logs_default');
    expect(list).not.toContain('logs_legacy');
    const now = new Date();
    const month = `logs_${now.getUTCFullYear()}_${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(list).toContain(month);
  });

  it('makes the months ahead once, and a row lands in its month', async () => {
    expect(await ensureLogPartitions(db.sql, utc(2040, 11, 20))).toBe(3);
    expect(await ensureLogPartitions(db.sql, utc(2040, 11, 20))).toBe(0);
    expect(await names(db)).toEqual(expect.arrayContaining(['logs_2040_11', 'logs_2040_12', 'logs_2041_01']));
    expect(await partitionOf(db, await insert(utc(2040, 12, 31) + DAY - 1, 'last second of december'))).toBe('logs_2040_12');
    expect(await partitionOf(db, await insert(utc(2041, 1, 1), 'first second of january'))).toBe('logs_2041_01');
  });

  it('keeps a row no month covers in the default partition, and moves it when its month is made', async () => {
    const id = await insert(utc(2045, 3, 9), 'clock far ahead');
    expect(await partitionOf(db, id)).toBe('logs_default');
    expect(await ensureLogPartitions(db.sql, utc(2045, 3, 1), 0)).toBe(1);
    expect(await partitionOf(db, id)).toBe('logs_2045_03');
  });

  it('retention drops the months wholly past it and deletes the older rows of the edge month only', async () => {
    await ensureLogPartitions(db.sql, utc(2050, 1, 1), 3);
    const jan = await insert(utc(2050, 1, 15), 'january');
    const febOld = await insert(utc(2050, 2, 3), 'february, past retention');
    const febNew = await insert(utc(2050, 2, 20), 'february, kept');
    const mar = await insert(utc(2050, 3, 2), 'march');
    const old = await insert(utc(2040, 12, 1), 'ten years before');
    // now = 2050-03-12, 30 days → cutoff 2050-02-10: january and older months go whole, february in part
    const r = await logRetentionRound(db.sql, utc(2050, 3, 12), 30);
    expect(r.deleted).toBeGreaterThanOrEqual(3);
    const left = await db.sql<{ id: number }[]>`SELECT id FROM logs WHERE id IN ${db.sql([jan, febOld, febNew, mar, old])} ORDER BY id`;
    expect(left.map((x) => x.id)).toEqual([febNew, mar]);
    const list = await names(db);
    expect(list).not.toContain('logs_2050_01');
    expect(list).not.toContain('logs_2040_12');
    expect(list).toEqual(expect.arrayContaining(['logs_2050_02', 'logs_2050_03', 'logs_2050_04', 'logs_2050_05', 'logs_default']));
    // retention 0 keeps everything, though the round still makes the months ahead (may was made by the last round)
    expect(await logRetentionRound(db.sql, utc(2050, 5, 20), 0)).toEqual({ created: 2, deleted: 0 });
    expect(await names(db)).toContain('logs_2050_07');
  });
});
