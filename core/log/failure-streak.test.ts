import { describe, expect, it } from 'vitest';
import { FailureStreak } from './failure-streak.js';

describe('FailureStreak', () => {
  it('logs the first failure, then one a minute with the count, and the recovery once', () => {
    const lines: [string, string, Record<string, unknown>?][] = [];
    const log = { error: (m: string, f?: Record<string, unknown>) => lines.push(['error', m, f]), info: (m: string, f?: Record<string, unknown>) => lines.push(['info', m, f]) };
    let t = 0;
    const streak = new FailureStreak('counter flush', log, 60_000, () => t);
    streak.succeeded(); // nothing to report
    for (; t < 150_000; t += 100) streak.failed(new Error('no space'), { rows: 3 });
    streak.succeeded();
    streak.succeeded();
    streak.failed('down again');
    expect(lines).toEqual([
      ['error', 'counter flush failed; will retry', { error: 'Error: no space', rows: 3 }],
      ['error', 'counter flush failed; will retry', { error: 'Error: no space', failures: 601, rows: 3 }],
      ['error', 'counter flush failed; will retry', { error: 'Error: no space', failures: 1201, rows: 3 }],
      ['info', 'counter flush succeeded again', { failures: 1500 }],
      ['error', 'counter flush failed; will retry', { error: 'down again' }],
    ]);
  });

  it('tracks a round without rejecting', async () => {
    const lines: string[] = [];
    const streak = new FailureStreak('lease heartbeat', { error: (m: string) => lines.push(m), info: (m: string) => lines.push(m) });
    await expect(streak.track(Promise.reject(new Error('down')))).resolves.toBeUndefined();
    await streak.track(Promise.resolve(1));
    expect(lines).toEqual(['lease heartbeat failed; will retry', 'lease heartbeat succeeded again']);
  });
});
