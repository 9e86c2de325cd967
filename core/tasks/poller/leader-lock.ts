import type { Database, Sql } from '../../db/connect.js';
import type { Logger } from '../../log/logger.js';

/** The advisory lock key of the task poller (the migration lock is 7_463_001). */
export const TASK_POLLER_LOCK = 7_463_007;

/**
 * Elects the one node that runs a scheduled job: a session-level pg_try_advisory_lock on a connection of
 * its own (a pool of one), so a crashed leader's lock goes with its connection and another node takes
 * over at its next try. The embedded database has one process by construction: its one node leads, or with
 * relay threads the one its connection names (core/cluster).
 *
 * Not a connection reserved from the main pool: when the database restarts, postgres.js 3.4.9 leaves a reserved
 * connection without its socket for good (unpatched, the next query on it threw from a timer and ended the
 * process, porsager/postgres#1208 — the first job round after a restart did that). A pool connects again by itself.
 */
export class LeaderLock {
  private session: Sql | null = null;

  constructor(
    private readonly db: Database,
    private readonly key: number,
    private readonly log: Logger,
  ) {}

  async lead(): Promise<boolean> {
    if (this.db.kind !== 'postgres') return this.db.runsJobs !== false;
    try {
      this.session ??= this.db.openSession!();
      // Asked every time rather than remembered: a reconnected session no longer holds the lock.
      const [held] = await this.session<{ ok: boolean }[]>`
        SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = ${this.key}
                       AND objsubid = 1 AND pid = pg_backend_pid() AND granted) AS ok`;
      if (held?.ok) return true;
      const [got] = await this.session<{ ok: boolean }[]>`SELECT pg_try_advisory_lock(${this.key}) AS ok`;
      return got?.ok === true;
    } catch (e) {
      this.log.warn('task poller lock check failed', { error: String(e) });
      return false;
    }
  }

  async release(): Promise<void> {
    const session = this.session;
    this.session = null;
    if (!session) return;
    await session`SELECT pg_advisory_unlock(${this.key})`.catch(() => {});
    await session.end({ timeout: 1 });
  }
}
