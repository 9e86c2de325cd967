import { describe, expect, it } from 'vitest';
import type { Sql } from '../db/connect.js';
import type { Logger } from '../log/logger.js';
import { BatchedCounters } from './batched-counters.js';

const quiet: Logger = { info() {}, warn() {}, error() {}, debug() {} };
type Table = 'users' | 'tokens' | 'channels';

/**
 * The counters statement over in-memory tables and ferryman_writes keys: each table's deltas are recorded when it
 * commits, and only when its key is new. `fail('statement')` fails the next statement (nothing commits);
 * `fail('answer')` loses its answer after it committed.
 */
function database() {
  const committed: Record<Table, unknown[]> = { users: [], tokens: [], channels: [] };
  const keys = new Set<string>();
  let failing: 'statement' | 'answer' | null = null;
  // ferryman_counters(writer, seq, knownBelow, the users', tokens' and channels' deltas)
  const sql = ((_: TemplateStringsArray, writer: string, seq: number, _known: number, ...deltas: string[]) => {
    if (failing === 'statement') {
      failing = null;
      return Promise.reject(new Error('connection closed'));
    }
    const key = `${writer}#${seq}`;
    if (!keys.has(key)) {
      keys.add(key);
      (['users', 'tokens', 'channels'] as const).forEach((t, i) => committed[t].push(...(JSON.parse(deltas[i]!) as unknown[])));
    }
    if (failing === 'answer') {
      failing = null;
      return Promise.reject(new Error('connection closed'));
    }
    return Promise.resolve([]);
  }) as unknown as Sql;
  return { sql, committed, fail: (how: 'statement' | 'answer') => (failing = how) };
}

describe('BatchedCounters', () => {
  it('writes a batch whose statement failed whole at the next flush, once, and the deltas added meanwhile after it', async () => {
    const db = database();
    const counters = new BatchedCounters(db.sql, quiet);
    counters.addUser(1, 300, 300, 1);
    counters.addToken(2, 300, false, 1_000);
    counters.addChannel(3, 300);
    db.fail('statement');
    await counters.flush(); // nothing committed
    expect(db.committed).toEqual({ users: [], tokens: [], channels: [] });
    counters.addUser(1, 50, 50, 1);
    await counters.flush();
    expect(db.committed).toEqual({
      users: [{ id: 1, q: 300, u: 300, r: 1 }, { id: 1, q: 50, u: 50, r: 1 }],
      tokens: [{ id: 2, q: 300, u: 300, a: 1_000 }],
      channels: [{ id: 3, u: 300 }],
    });
  });

  it('does not apply again a batch whose answer was lost after it committed', async () => {
    const db = database();
    const counters = new BatchedCounters(db.sql, quiet);
    counters.addUser(1, 300, 300, 1);
    counters.addChannel(3, 300);
    db.fail('answer');
    await counters.flush();
    counters.addUser(1, 50, 50, 1);
    await counters.flush(); // the batch again, under its key: found committed
    await counters.flush();
    expect(db.committed).toEqual({ users: [{ id: 1, q: 300, u: 300, r: 1 }, { id: 1, q: 50, u: 50, r: 1 }], tokens: [], channels: [{ id: 3, u: 300 }] });
  });
});
