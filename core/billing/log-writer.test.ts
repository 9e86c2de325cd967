import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Sql } from '../db/connect.js';
import type { Logger } from '../log/logger.js';
import { LogWriter, newLog } from './log-writer.js';

/**
 * A stand-in for the driver's COPY (copyIn's `unsafe(…).writable()`): records the rows of each batch from its
 * text (content is the fourth value), or fails on demand.
 */
function fakeSql(onCopy: () => void = () => {}) {
  const inserts: Array<Array<{ content: string }>> = [];
  let down = false;
  const sql = {
    unsafe() {
      const query = Object.assign(down ? Promise.reject(new Error('connection refused')) : Promise.resolve(), {
        reject() {},
        writable: async () => {
          if (down) throw new Error('connection refused');
          let text = '';
          return new Writable({
            write(chunk: Buffer, _enc, done) {
              text += chunk.toString();
              done();
            },
            final(done) {
              inserts.push(text.split('\n').slice(0, -1).map((line) => ({ content: line.split('\t')[3]! })));
              onCopy();
              done();
            },
          });
        },
      });
      query.catch(() => {});
      return query;
    },
    // copyIn runs each COPY on a connection of its own, in a transaction whose first statement claims the batch's key
    // (WriteMarks.claimed's fragment, then a statement selecting from it)
    async reserve() {
      const statement = (strings: TemplateStringsArray) => {
        if (strings[0]!.startsWith('claimed AS')) return {};
        return down ? Promise.reject(new Error('connection refused')) : Promise.resolve(strings.join('').includes('FROM claimed') ? [{}] : []);
      };
      return Object.assign(statement, { unsafe: sql.unsafe, release() {} });
    },
  } as unknown as Sql;
  return { sql, inserts, setDown: (v: boolean) => (down = v) };
}
const quiet: Logger = { info() {}, warn() {}, error() {}, debug() {} };
const row = (i: number) => newLog({ type: 2, content: `row ${i}` });
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('LogWriter', () => {
  it('writes a full batch at once and the rest at the next flush, in order', async () => {
    const db = fakeSql();
    const w = new LogWriter(db.sql, quiet, { batchRows: 3 });
    for (let i = 0; i < 2; i++) w.add(row(i));
    await settle();
    expect(db.inserts).toHaveLength(0);
    w.add(row(2));
    await settle();
    expect(db.inserts.map((b) => b.map((r) => r.content))).toEqual([['row 0', 'row 1', 'row 2']]);
    w.add(row(3));
    await settle();
    expect(db.inserts).toHaveLength(1); // a partial batch waits for the tick
    await w.flush();
    expect(db.inserts.map((b) => b.length)).toEqual([3, 1]);
    expect(db.inserts.flat().map((r) => r.content)).toEqual(['row 0', 'row 1', 'row 2', 'row 3']);
  });

  it('keeps rows through a failed flush, says so, and stops writing early until a flush succeeds', async () => {
    const db = fakeSql();
    const w = new LogWriter(db.sql, quiet, { batchRows: 2 });
    db.setDown(true);
    for (let i = 0; i < 6; i++) w.add(row(i));
    await settle();
    expect(await w.flush()).toBe(false);
    db.setDown(false);
    w.add(row(6));
    await settle();
    expect(db.inserts).toHaveLength(0); // no early batch while the last attempt failed
    expect(await w.flush()).toBe(true);
    expect(db.inserts.flat().map((r) => r.content)).toEqual(['row 0', 'row 1', 'row 2', 'row 3', 'row 4', 'row 5', 'row 6']);
  });

  it('writes the rows buffered when a flush starts, not those arriving meanwhile, so that a flush under load ends', async () => {
    let w: LogWriter | null = null;
    let arrivals = 0;
    // every batch written, a request settles and logs a row
    const db = fakeSql(() => w!.add(row(100 + arrivals++)));
    w = new LogWriter(db.sql, quiet, { batchRows: 2 });
    w.add(row(0));
    await w.flush();
    expect(db.inserts.map((b) => b.map((r) => r.content))).toEqual([['row 0']]);
    await w.flush();
    expect(db.inserts.map((b) => b.map((r) => r.content))).toEqual([['row 0'], ['row 100']]);
  });

  it('drops rows past its bound and says how many', async () => {
    const db = fakeSql();
    const errors: unknown[] = [];
    const w = new LogWriter(db.sql, { ...quiet, error: (_m, f) => errors.push(f) }, { maxBuffered: 2, batchRows: 10 });
    for (let i = 0; i < 5; i++) w.add(row(i));
    await w.flush();
    expect(db.inserts.flat()).toHaveLength(2);
    expect(errors).toEqual([{ dropped: 3 }]);
  });

  it('keeps every byte of rows that outgrow a batch buffer, multi-byte text and escapes included', async () => {
    const db = fakeSql();
    const w = new LogWriter(db.sql, quiet, { batchRows: 250 });
    const long = (i: number) => `${'模型倍率 '.repeat(4000)}${i}`; // ~52 KB of UTF-8 each: the 128 KB buffer grows
    for (let i = 0; i < 5; i++) w.add(newLog({ type: 2, content: long(i) }));
    w.add(newLog({ type: 2, content: 'tab\there' })); // written escaped, as COPY reads it
    await w.flush();
    expect(db.inserts).toHaveLength(1);
    expect(db.inserts[0]!.map((r) => r.content)).toEqual([...[0, 1, 2, 3, 4].map(long), 'tab\\there']);
  });

  it('strips NUL characters, which PostgreSQL text cannot hold', async () => {
    const db = fakeSql();
    const w = new LogWriter(db.sql, quiet);
    w.add(newLog({ type: 2, content: 'a\u0000b' }));
    await w.flush();
    expect(db.inserts[0]![0]!.content).toBe('ab');
  });
});
