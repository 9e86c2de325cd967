import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/connect.js';
import type { Logger } from '../log/logger.js';
import { OptionsStore } from '../options/options-store.js';
import type { QuotaBucket } from './save-quota-data.js';
import { UsageDashboard } from './usage-dashboard.js';

const saved: QuotaBucket[][] = [];
let failNext = false;
vi.mock('./save-quota-data.js', () => ({
  saveQuotaData: async (_sql: unknown, buckets: QuotaBucket[]) => {
    if (failNext) {
      failNext = false;
      throw new Error('database down');
    }
    saved.push(buckets.map((b) => ({ ...b })));
  },
}));

const log: Logger = { info: () => {}, warn: vi.fn(), error: vi.fn(), debug: () => {} };
const db = { kind: 'embedded' } as Database;
const H = 1_699_999_200;

describe('UsageDashboard', () => {
  let options: OptionsStore;
  beforeEach(() => {
    saved.length = 0;
    failNext = false;
    options = new OptionsStore();
  });

  it('adds consumes of the same user, model and hour into one bucket', async () => {
    const d = new UsageDashboard(db, options, log, 1);
    d.recordUsage(1, 'alice', 'gpt-4o', H + 10, 7, 30);
    d.recordUsage(1, 'alice', 'gpt-4o', H + 3599, 3, 5);
    d.recordUsage(1, 'alice', 'gpt-4o', H + 3600, 1, 1);
    d.recordUsage(2, 'bob', 'gpt-4o', H + 10, 1, 1);
    await d.flush();
    expect(saved).toEqual([
      [
        { user_id: 1, username: 'alice', model_name: 'gpt-4o', created_at: H, count: 2, quota: 10, token_used: 35 },
        { user_id: 1, username: 'alice', model_name: 'gpt-4o', created_at: H + 3600, count: 1, quota: 1, token_used: 1 },
        { user_id: 2, username: 'bob', model_name: 'gpt-4o', created_at: H, count: 1, quota: 1, token_used: 1 },
      ],
    ]);
    await d.flush();
    expect(saved).toHaveLength(1);
  });

  it('ignores consumes while DataExportEnabled is off', async () => {
    options.apply('DataExportEnabled', 'false');
    const d = new UsageDashboard(db, options, log, 1);
    d.recordUsage(1, 'alice', 'gpt-4o', H, 7, 30);
    expect(d.pending).toBe(0);
  });

  it('fits names to varchar(64) without splitting characters or keeping NULs', async () => {
    const d = new UsageDashboard(db, options, log, 1);
    d.recordUsage(1, 'a\u0000b', `${'m'.repeat(63)}😀tail`, H, 1, 1);
    await d.flush();
    expect(saved[0]![0]).toMatchObject({ username: 'ab', model_name: `${'m'.repeat(63)}😀` });
  });

  it('keeps the counts of a failed flush for the next one', async () => {
    const d = new UsageDashboard(db, options, log, 1);
    d.recordUsage(1, 'alice', 'gpt-4o', H, 7, 30);
    failNext = true;
    await d.flush();
    d.recordUsage(1, 'alice', 'gpt-4o', H, 3, 10);
    await d.flush();
    expect(saved).toEqual([[{ user_id: 1, username: 'alice', model_name: 'gpt-4o', created_at: H, count: 2, quota: 10, token_used: 40 }]]);
  });

  it('bounds memory: past the cap new buckets are dropped and counted, existing ones keep counting', async () => {
    failNext = true; // the early flush fails, so the buffer stays full
    const d = new UsageDashboard(db, options, log, 1, 2);
    d.recordUsage(1, 'alice', 'a', H, 1, 1);
    d.recordUsage(1, 'alice', 'b', H, 1, 1);
    d.recordUsage(1, 'alice', 'c', H, 1, 1);
    expect(d.dropped).toBe(1);
    d.recordUsage(1, 'alice', 'a', H, 1, 1);
    await d.flush();
    await d.flush();
    expect(saved.at(-1)!.map((b) => [b.model_name, b.count])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });

  it('flushes every DataExportInterval minutes, at the batch cadence when it is 0, and on stop', async () => {
    vi.useFakeTimers();
    try {
      const d = new UsageDashboard(db, options, log, 2);
      d.start();
      d.recordUsage(1, 'alice', 'gpt-4o', H, 1, 1);
      await vi.advanceTimersByTimeAsync(4 * 60_000);
      expect(saved).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(saved).toHaveLength(1);
      options.apply('DataExportInterval', '0');
      d.recordUsage(1, 'alice', 'gpt-4o', H, 1, 1);
      await vi.advanceTimersByTimeAsync(2000);
      expect(saved).toHaveLength(2);
      d.recordUsage(1, 'alice', 'gpt-4o', H, 1, 1);
      await d.stop();
      expect(saved).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
