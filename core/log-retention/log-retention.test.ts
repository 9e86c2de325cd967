import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppServices } from '../app-services.js';
import type { Sql } from '../db/connect.js';
import type { Logger } from '../log/logger.js';
import { startLogRetention } from './log-retention.js';

const log = { info: vi.fn(), warn() {}, error: vi.fn(), debug() {} } as unknown as Logger;
const HOUR = 3_600_000;

/** A stand-in for a pool that records each statement (text with $n for values) and its values. */
function recordingSql(answer: (text: string) => Record<string, unknown>[]) {
  const calls: { text: string; values: unknown[] }[] = [];
  const sql = ((strings: TemplateStringsArray, ...values: unknown[]) => {
    const text = strings.reduce((a, s, i) => `${a}$${i}${s}`);
    calls.push({ text, values });
    const rows = answer(text);
    return Promise.resolve(Object.assign(rows, { count: rows.length }));
  }) as unknown as Sql;
  return { sql, calls };
}

function app(nodeType: 'master' | 'slave', days: number, logSql: Sql, mainSql: Sql) {
  return {
    db: { kind: 'embedded', sql: mainSql, logSql, close: async () => {} },
    env: { NODE_TYPE: nodeType, LOG_RETENTION_DAYS: days },
    log,
  } as unknown as Pick<AppServices, 'db' | 'env' | 'log'>;
}

describe('startLogRetention', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hourly, makes the months ahead and removes what is past the retention, on the log database', async () => {
    // a DELETE that finds no row (count 0) ends the chunked deletion
    const logs = recordingSql((text) => (text.includes('ensure') ? [{ n: 1 }] : text.includes('drop_before') ? [{ n: 40 }] : []));
    const main = recordingSql(() => []);
    const job = startLogRetention(app('master', 30, logs.sql, main.sql), () => 2_000_000_000);
    await vi.advanceTimersByTimeAsync(HOUR - 1);
    expect(logs.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(logs.calls[0]).toMatchObject({ values: [2_000_000_000, 2] });
    expect(logs.calls[0]!.text).toContain('ferryman_logs_ensure_partitions');
    expect(logs.calls[1]).toMatchObject({ values: [2_000_000_000 - 30 * 86_400] });
    expect(logs.calls[1]!.text).toContain('ferryman_logs_drop_before');
    expect(logs.calls[2]!.text).toContain('DELETE FROM logs');
    expect(main.calls).toHaveLength(0);
    expect(log.info).toHaveBeenCalledWith('log retention', { created: 1, deleted: 40 });
    await job.stop();
  });

  it('with no retention only makes the months ahead', async () => {
    const logs = recordingSql(() => [{ n: 0 }]);
    const job = startLogRetention(app('master', 0, logs.sql, logs.sql), () => 2_000_000_000);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(logs.calls.map((c) => c.text.includes('ferryman_logs_ensure_partitions'))).toEqual([true]);
    await job.stop();
  });

  it('does nothing on a slave node', async () => {
    const logs = recordingSql(() => [{ n: 0 }]);
    const job = startLogRetention(app('slave', 30, logs.sql, logs.sql));
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(logs.calls).toHaveLength(0);
    await job.stop();
  });
});
