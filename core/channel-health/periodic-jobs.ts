import type { AppServices } from '../app-services.js';
import type { Logger } from '../log/logger.js';
import { LeaderLock } from '../tasks/poller/leader-lock.js';
import { startTestAll } from './test-all.js';
import { updateAllBalances } from './update-balance.js';

/** Advisory lock keys of the two jobs (the task poller holds 7_463_007). */
export const CHANNEL_TEST_LOCK = 7_463_010;
export const CHANNEL_BALANCE_LOCK = 7_463_011;

export interface Job {
  stop(): Promise<void>;
}

/** Who may run a round: the holder of the job's lock (always this node on the embedded database). */
export interface Leadership {
  lead(): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * Runs `round` every `intervalMs` on the node that leads; rounds never overlap, the next is scheduled when the
 * last has finished, and a failed round is logged and retried at the next interval.
 */
export function startLeaderJob(name: string, intervalMs: number, leadership: Leadership, round: () => Promise<void>, log: Logger): Job {
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = async () => {
    try {
      if (await leadership.lead()) await round();
    } catch (e) {
      log.error(`${name} failed`, { error: e instanceof Error ? e.message : String(e) });
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = run().finally(schedule);
    }, intervalMs);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
      await leadership.release();
    },
  };
}

/**
 * CHANNEL_TEST_FREQUENCY and CHANNEL_UPDATE_FREQUENCY (minutes): test every channel, update every balance, on
 * exactly one node of a shared database (new-api runs them on every node that has the variable).
 */
export function startHealthJobs(app: AppServices): Job {
  const jobs: Job[] = [];
  const { CHANNEL_TEST_FREQUENCY: testMinutes, CHANNEL_UPDATE_FREQUENCY: balanceMinutes } = app.env;
  if (testMinutes > 0) {
    const lock = new LeaderLock(app.db, CHANNEL_TEST_LOCK, app.log);
    jobs.push(startLeaderJob('channel test run', testMinutes * 60_000, lock, () => startTestAll(app, false) ?? Promise.resolve(), app.log));
  }
  if (balanceMinutes > 0) {
    const lock = new LeaderLock(app.db, CHANNEL_BALANCE_LOCK, app.log);
    jobs.push(startLeaderJob('channel balance update', balanceMinutes * 60_000, lock, () => updateAllBalances(app), app.log));
  }
  return { stop: async () => void (await Promise.all(jobs.map((j) => j.stop()))) };
}
