import { describe, expect, it } from 'vitest';
import type { Sql } from '../db/connect.js';
import type { Logger } from '../log/logger.js';
import { BatchedCounters } from './batched-counters.js';

const quiet: Logger = { info() {}, warn() {}, error() {}, debug() {} };

/** Records each table's batch of deltas as it commits; the tokens statement fails the first `tokenFailures` times. */
function database(tokenFailures: number) {
  const committed: Record<'users' | 'tokens' | 'channels', unknown[]> = { users: [], tokens: [], channels: [] };
  let failures = tokenFailures;
  const sql = ((strings: TemplateStringsArray, rows: string) => {
    const table = (['users', 'tokens', 'channels'] as const).find((t) => strings[0]!.includes(`UPDATE ${t} `))!;
    if (table === 'tokens' && failures-- > 0) return Promise.reject(new Error('connection closed'));
    committed[table].push(...(JSON.parse(rows) as unknown[]));
    return Promise.resolve([]);
  }) as unknown as Sql;
  return { sql, committed };
}

describe('BatchedCounters', () => {
  it('writes each table once when a later table of the same flush fails: only the unwritten deltas are retried', async () => {
    const { sql, committed } = database(1);
    const counters = new BatchedCounters(sql, quiet);
    counters.addUser(1, 300, 300, 1);
    counters.addToken(2, 300, false, 1_000);
    counters.addChannel(3, 300);
    await counters.flush(); // users commit, tokens fail: channels are not reached
    expect(committed).toEqual({ users: [{ id: 1, q: 300, u: 300, r: 1 }], tokens: [], channels: [] });
    counters.addUser(1, 50, 50, 1);
    await counters.flush();
    expect(committed).toEqual({
      users: [{ id: 1, q: 300, u: 300, r: 1 }, { id: 1, q: 50, u: 50, r: 1 }],
      tokens: [{ id: 2, q: 300, u: 300, a: 1_000 }],
      channels: [{ id: 3, u: 300 }],
    });
  });
});
