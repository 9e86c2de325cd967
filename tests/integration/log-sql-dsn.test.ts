import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/console-client.js';
import { addChannel, addToken, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { createPostgresDatabase } from '../support/test-database.js';

// LOG_SQL_DSN (new-api's LOG_DB): every log row goes to that PostgreSQL, migrated at start, and the console reads
// them back from it, whichever main database the suite runs on (embedded or PostgreSQL).

const BOOT_TIMEOUT = 240_000;

interface LogItem {
  id: number;
  type: number;
  content: string;
  model_name: string;
  channel: number;
  channel_name: string | null;
  quota: number;
}

describe('logs in a database of their own (LOG_SQL_DSN)', () => {
  let logDb: { url: string; drop(): Promise<void> };
  let logSql: postgres.Sql;
  let f: RelayFixture;
  let channelName: string;
  let key: string;

  beforeAll(async () => {
    logDb = await createPostgresDatabase();
    logSql = postgres(logDb.url, { max: 2, onnotice: () => {}, types: { int8: { to: 20, from: [20], serialize: String, parse: Number } } as never });
    f = await startRelayFixture({ LOG_SQL_DSN: logDb.url });
    channelName = `log-db-${Date.now()}`;
    await addChannel(f, { name: channelName });
    ({ key } = await addToken(f.root, { unlimited_quota: true }));
  }, BOOT_TIMEOUT);
  afterAll(async () => {
    await f?.stop();
    await logSql?.end();
    await logDb?.drop();
  });

  it('migrates the log database with the logs table alone, partitioned, and the write keys of its batches', async () => {
    const migrations = await logSql<{ name: string }[]>`SELECT name FROM ferryman_migrations`;
    expect(migrations.map((m) => m.name)).toEqual(['0011_logs_partitioned.sql', '0013_logs_redundant_indexes.sql', '0015_logs_write_marks.sql', '0019_logs_write_claim.sql']);
    expect(await logSql`SELECT 1 FROM pg_class WHERE relname = 'users'`).toHaveLength(0);
    const [logs] = await logSql<{ relkind: string }[]>`SELECT relkind FROM pg_class WHERE oid = 'logs'::regclass`;
    expect(logs!.relkind).toBe('p');
  });

  it('writes consume logs there, not in the main database, and the console reads them back', async () => {
    const r = await fetch(`${f.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(r.status).toBe(200);
    const [row] = await eventually(
      () => logSql<{ id: number; quota: number; user_id: number }[]>`SELECT id, quota, user_id FROM logs WHERE type = 2`,
      (rows) => rows.length === 1,
      15_000,
    );
    expect(row!.user_id).toBe(f.root.userId);
    expect(row!.quota).toBeGreaterThan(0);
    expect(await f.gw.sql`SELECT 1 FROM logs`).toHaveLength(0);

    // the admin list, with the channel's name looked up in the main database
    const admin = await f.root.get<{ items: LogItem[]; total: number }>('/api/log/?type=2&p=1&page_size=10');
    expect(admin.body.data!.total).toBe(1);
    expect(admin.body.data!.items[0]).toMatchObject({ id: row!.id, model_name: 'gpt-4o-mini', channel_name: channelName, quota: row!.quota });
    const self = await f.root.get<{ items: LogItem[] }>('/api/log/self?type=2');
    expect(self.body.data!.items.map((l) => l.id)).toEqual([row!.id]);
    const stat = await f.root.get<{ quota: number }>('/api/log/self/stat?type=2');
    expect(stat.body.data!.quota).toBe(row!.quota);
  });

  it('writes a redeemed code’s top-up log there too, and credits the user once', async () => {
    const codes = await f.root.post<string[]>('/api/redemption/', { name: 'log-db', quota: 1234, count: 1 });
    const [before] = await f.gw.sql<{ quota: number }[]>`SELECT quota FROM users WHERE id = ${f.root.userId}`;
    const r = await f.root.post<number>('/api/user/topup', { key: codes.body.data![0] });
    expect(r.body).toMatchObject({ success: true, data: 1234 });
    const [after] = await f.gw.sql<{ quota: number }[]>`SELECT quota FROM users WHERE id = ${f.root.userId}`;
    expect(Number(after!.quota) - Number(before!.quota)).toBe(1234);
    const rows = await eventually(() => logSql<{ content: string }[]>`SELECT content FROM logs WHERE type = 1`, (x) => x.length === 1, 15_000);
    expect(rows[0]!.content).toContain('兑换码ID');
    const search = await f.root.get<LogItem[]>('/api/log/self/search?keyword=1');
    expect(search.body.data!.map((l) => l.type)).toEqual([1]);
  });

  it('deletes history there', async () => {
    const [all] = await logSql<{ n: number }[]>`SELECT count(*)::int AS n FROM logs`;
    expect(all!.n).toBeGreaterThanOrEqual(2);
    const r = await f.root.del<number>(`/api/log/?target_timestamp=${Math.floor(Date.now() / 1000) + 10}`);
    expect(r.body).toMatchObject({ success: true, data: all!.n });
    expect(await logSql`SELECT 1 FROM logs`).toHaveLength(0);
  });
});
