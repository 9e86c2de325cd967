import { describe, expect, it } from 'vitest';
import type { Sql } from '../db/connect.js';
import type { Logger } from '../log/logger.js';
import { BatchedCounters } from './batched-counters.js';

const quiet: Logger = { info() {}, warn() {}, error() {}, debug() {} };
type Table = 'users' | 'tokens' | 'channels';

/**
 * Transactions (sql.begin) that record each table's deltas when they commit, with the write keys of
 * ferryman_writes. `fail('statement')` fails the next tokens statement (nothing commits); `fail('answer')` loses the
 * next transaction's answer after it committed.
 */
function database() {
  const committed: Record<Table, unknown[]> = { users: [], tokens: [], channels: [] };
  const keys = new Set<string>();
  let failing: 'statement' | 'answer' | null = null;
  const sql = {
    async begin(fn: (tx: unknown) => Promise<unknown>) {
      const staged: Record<Table, unknown[]> = { users: [], tokens: [], channels: [] };
      const stagedKeys: string[] = [];
      const tx = (strings: TemplateStringsArray, ...values: unknown[]) => {
        const text = strings.join('$');
        if (text.includes('INSERT INTO ferryman_writes')) {
          // (writer, knownBelow) for the delete, then (writer, seq) for the insert
          const key = `${String(values[2])}#${String(values[3])}`;
          if (keys.has(key)) return Promise.resolve([]);
          stagedKeys.push(key);
          return Promise.resolve([{}]);
        }
        const table = (['users', 'tokens', 'channels'] as const).find((t) => text.includes(`UPDATE ${t} `))!;
        if (table === 'tokens' && failing === 'statement') {
          failing = null;
          return Promise.reject(new Error('connection closed'));
        }
        staged[table].push(...(JSON.parse(values[0] as string) as unknown[]));
        return Promise.resolve([]);
      };
      const out = await fn(tx);
      for (const t of ['users', 'tokens', 'channels'] as const) committed[t].push(...staged[t]);
      for (const k of stagedKeys) keys.add(k);
      if (failing === 'answer') {
        failing = null;
        throw new Error('connection closed');
      }
      return out;
    },
  } as unknown as Sql;
  return { sql, committed, fail: (how: 'statement' | 'answer') => (failing = how) };
}

describe('BatchedCounters', () => {
  it('writes a batch whose transaction failed whole at the next flush, once, and the deltas added meanwhile after it', async () => {
    const db = database();
    const counters = new BatchedCounters(db.sql, quiet);
    counters.addUser(1, 300, 300, 1);
    counters.addToken(2, 300, false, 1_000);
    counters.addChannel(3, 300);
    db.fail('statement');
    await counters.flush(); // the users statement ran, the tokens one failed: nothing committed
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
