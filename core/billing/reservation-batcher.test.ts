import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import type { Sql } from '../db/connect.js';
import type { Logger } from '../log/logger.js';
import { ReservationBatcher, type ReserveItem } from './reservation-batcher.js';

const quiet: Logger = { info() {}, warn() {}, error() {}, debug() {} };

/**
 * ferryman_reserve_once over a balance, in memory, with its write keys. `fail` makes the next statement fail:
 * 'refused' without a connection, 'before' without running it, 'after' once it has committed (its answer lost);
 * `errors` answers the next statements with these SQLSTATEs, rolled back.
 */
function database(balance: number) {
  const db = { balance, statements: 0, fail: null as 'refused' | 'queued' | 'before' | 'after' | null, errors: [] as string[] };
  const answers = new Map<string, { idx: number; status: number; user_quota: number; token_quota: number }[] | null>();
  const sql = ((_: TemplateStringsArray, items: string, writer: string, seq: number, _known: number, apply: boolean) => {
    db.statements++;
    const key = `${writer}#${seq}`;
    if (db.fail === 'queued') {
      db.fail = null;
      // SQL_QUERY_TIMEOUT took it out of the pool's queue: the driver's own error, not the server's
      return Promise.reject(Object.assign(new Error('57014: canceling statement due to user request'), { code: '57014' }));
    }
    if (db.fail === 'before' || db.fail === 'refused') {
      const refused = db.fail === 'refused';
      db.fail = null;
      // refused: no connection was made; before: the connection went before the statement ran
      return Promise.reject(Object.assign(new Error(refused ? 'connect ECONNREFUSED' : 'write CONNECTION_CLOSED'), { code: refused ? 'ECONNREFUSED' : 'CONNECTION_CLOSED' }));
    }
    const code = db.errors.shift();
    if (code) return Promise.reject(new postgres.PostgresError({ message: `error ${code}`, code, severity: 'ERROR' } as never));
    if (answers.has(key)) return Promise.resolve(answers.get(key) ?? []);
    if (!apply) {
      answers.set(key, null); // fenced
      return Promise.resolve([]);
    }
    const rows = (JSON.parse(items) as ReserveItem[]).map((it, idx) => {
      const ok = db.balance >= it.a;
      if (ok) db.balance -= it.a;
      return { idx, status: ok ? 0 : 1, user_quota: db.balance, token_quota: 0 };
    });
    answers.set(key, rows);
    if (db.fail === 'after') {
      db.fail = null;
      return Promise.reject(new Error('write CONNECTION_CLOSED'));
    }
    return Promise.resolve(rows);
  }) as unknown as Sql;
  return { db, sql };
}
const item = (a: number): ReserveItem => ({ u: 1, t: 0, a, tu: true });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ReservationBatcher', () => {
  it('refuses the requests of a statement whose answer was lost, then hands back what it had reserved', async () => {
    const { db, sql } = database(1_000);
    const orphaned: ReserveItem[] = [];
    const batcher = new ReservationBatcher(sql, quiet, (items) => orphaned.push(...items));
    db.fail = 'after';
    // a lone request goes out at once; the next waits for the following statement
    const [a, b] = [batcher.submit(item(300)), batcher.submit(item(900))];
    await expect(a).rejects.toThrow('CONNECTION_CLOSED');
    await expect(b).resolves.toMatchObject({ status: 1, user_quota: 700 }); // the 300 is still out
    expect(orphaned).toEqual([]);
    await wait(300);
    expect(orphaned).toEqual([item(300)]); // the ledger refunds it
    expect(db.balance).toBe(700);
  });

  it('fences a failed statement that had not run, so it never reserves, and refunds nothing', async () => {
    const { db, sql } = database(1_000);
    const orphaned: ReserveItem[] = [];
    const batcher = new ReservationBatcher(sql, quiet, (items) => orphaned.push(...items));
    db.fail = 'before';
    await expect(batcher.submit(item(300))).rejects.toThrow('CONNECTION_CLOSED');
    await wait(300);
    expect(orphaned).toEqual([]);
    expect(db.statements).toBe(2); // the statement, then the question under its key
    expect(await batcher.submit(item(200))).toMatchObject({ status: 0, user_quota: 800 });
  });

  it('sends a statement the database rolled back to break a deadlock again, and serves its requests', async () => {
    const { db, sql } = database(1_000);
    const batcher = new ReservationBatcher(sql, quiet, () => {});
    db.errors = ['40P01', '40001'];
    const [a, b] = [batcher.submit(item(300)), batcher.submit(item(200))];
    expect(await a).toMatchObject({ status: 0 });
    expect(await b).toMatchObject({ status: 0, user_quota: 500 });
    await wait(300);
    // the first request's statement three times, the second's (queued meanwhile) once; no follow-up: a statement
    // answered with an error reserved nothing
    expect(db.statements).toBe(4);
  });

  it('refuses the requests of a statement the database answered with an error, and asks nothing more about it', async () => {
    const { db, sql } = database(1_000);
    const batcher = new ReservationBatcher(sql, quiet, () => {});
    db.errors = ['XX000'];
    await expect(batcher.submit(item(300))).rejects.toThrow('error XX000');
    db.errors = ['40P01', '40P01', '40P01'];
    await expect(batcher.submit(item(300))).rejects.toThrow('error 40P01'); // gives up after three
    await wait(300);
    expect(db.statements).toBe(4);
    expect(db.balance).toBe(1_000);
  });

  it.each([
    ['refused', 'ECONNREFUSED'],
    ['queued', '57014'],
  ] as const)('asks nothing about a statement that never reached the database (%s)', async (fail, message) => {
    const { db, sql } = database(1_000);
    const batcher = new ReservationBatcher(sql, quiet, () => {});
    db.fail = fail;
    await expect(batcher.submit(item(300))).rejects.toThrow(message);
    await wait(300);
    expect(db.statements).toBe(1);
  });
});
