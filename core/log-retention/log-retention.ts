import type { AppServices } from '../app-services.js';
import { startLeaderJob, type Job } from '../channel-health/periodic-jobs.js';
import { deleteOldLogs, ensureLogPartitions } from '../db/repositories/logs.js';
import type { Db } from '../db/repositories/db.js';
import { LeaderLock } from '../tasks/poller/leader-lock.js';

/** Advisory lock key of the job (the health jobs hold 7_463_010 and 7_463_011). */
export const LOG_RETENTION_LOCK = 7_463_012;

const ROUND_MS = 3_600_000;
const DAY_S = 86_400;

export interface RetentionRound {
  /** month partitions made */
  created: number;
  /** log rows removed, whole months dropped included */
  deleted: number;
}

/**
 * One round at unix time `now`: the month partitions for now and the next ones made ready, then, when
 * `retentionDays` > 0, every log older than that many days removed (deleteOldLogs: whole months dropped, the
 * edge month's old rows deleted in chunks).
 */
export async function logRetentionRound(logDb: Db, now: number, retentionDays: number): Promise<RetentionRound> {
  const created = await ensureLogPartitions(logDb, now);
  const deleted = retentionDays > 0 ? await deleteOldLogs(logDb, now - retentionDays * DAY_S) : 0;
  return { created, deleted };
}

/**
 * LOG_RETENTION_DAYS, and partitions made ahead, hourly on exactly one master node of the database (advisory
 * lock, as the channel jobs; NODE_TYPE=slave runs no scheduled job); the rounds run whatever the retention, since
 * the logs always need next month's partition.
 */
export function startLogRetention(app: Pick<AppServices, 'db' | 'env' | 'log'>, now = () => Math.floor(Date.now() / 1000)): Job {
  if (app.env.NODE_TYPE !== 'master') return { stop: async () => {} };
  const lock = new LeaderLock(app.db, LOG_RETENTION_LOCK, app.log);
  return startLeaderJob(
    'log retention',
    ROUND_MS,
    lock,
    async () => {
      const r = await logRetentionRound(app.db.logSql, now(), app.env.LOG_RETENTION_DAYS);
      if (r.created || r.deleted) app.log.info('log retention', { ...r });
    },
    app.log,
  );
}
