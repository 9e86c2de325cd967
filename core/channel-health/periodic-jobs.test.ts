import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../log/logger.js';
import { startLeaderJob, type Leadership } from './periodic-jobs.js';

const log: Logger = { info: () => {}, warn: () => {}, error: vi.fn() } as unknown as Logger;

function leadership(leads: boolean): Leadership & { released: number } {
  const l = { released: 0, lead: async () => leads, release: async () => void l.released++ };
  return l;
}

describe('startLeaderJob', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs a round every interval on the leading node only', async () => {
    const rounds = vi.fn(async () => {});
    const follower = vi.fn(async () => {});
    const a = startLeaderJob('job', 60_000, leadership(true), rounds, log);
    const b = startLeaderJob('job', 60_000, leadership(false), follower, log);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(rounds).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(rounds).toHaveBeenCalledTimes(3);
    expect(follower).not.toHaveBeenCalled();
    await a.stop();
    await b.stop();
  });

  it('never overlaps rounds: the next interval starts when a round ends', async () => {
    let finish: () => void = () => {};
    const rounds = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const job = startLeaderJob('job', 1000, leadership(true), rounds, log);
    await vi.advanceTimersByTimeAsync(5000);
    expect(rounds).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(rounds).toHaveBeenCalledTimes(2);
    finish();
    await job.stop();
  });

  it('logs a failed round, keeps going, and gives the lock back when stopped', async () => {
    const lock = leadership(true);
    const rounds = vi.fn(async () => {
      throw new Error('boom');
    });
    const job = startLeaderJob('job', 1000, lock, rounds, log);
    await vi.advanceTimersByTimeAsync(2000);
    expect(rounds).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith('job failed', { error: 'boom' });
    await job.stop();
    expect(lock.released).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(rounds).toHaveBeenCalledTimes(2);
  });
});
