import type { AppServices } from '../app-services.js';
import { startLeaderJob, type Job } from '../channel-health/periodic-jobs.js';
import { LeaderLock } from '../tasks/poller/leader-lock.js';
import type { Sql } from './connect.js';

/** Advisory lock key of the job (log retention holds 7_463_012). */
export const EMBEDDED_UPKEEP_LOCK = 7_463_013;

export interface UpkeepRound {
  /** tables vacuumed */
  tables: number;
  ms: number;
}

/**
 * What autovacuum does for a PostgreSQL server, done for the embedded database: PGlite runs PostgreSQL in
 * single-user mode, which has no autovacuum. Without it a table whose rows are deleted and inserted (write keys,
 * quota leases, sessions) grows for good, since only VACUUM makes a dead row's line pointer reusable: 60 000 keys
 * written one at a time into ferryman_writes, which holds one live row, took 4 MB, and 20 000 more after a VACUUM
 * took nothing. Nor would any row be frozen before transaction ids wrap around (~2 billion writes: years at a few
 * statements a second, but the embedded database is what runs when nothing else is configured).
 *
 * Every table of the database, one VACUUM (FREEZE) each, so other statements take turns with them on the
 * database's one session. A page frozen whole is skipped by the next round (the visibility map), so a round's cost
 * follows what was written since the last one (~1.5 µs a new log row) rather than the database's size; the first
 * round after an upgrade reads everything once. Freezing every round, not at an age threshold, means the logs never
 * need one aggressive scan of a whole partition.
 */
export async function embeddedUpkeepRound(sql: Sql): Promise<UpkeepRound> {
  const started = performance.now();
  // ordinary tables and materialized views of every schema but other sessions' temporary ones; a partitioned
  // table's partitions are listed themselves (the parent holds no rows), TOAST tables go with their tables
  const tables = await sql<{ name: string }[]>`
    SELECT format('%I.%I', n.nspname, c.relname) AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'm') AND c.relpersistence <> 't'
    ORDER BY c.oid`;
  for (const { name } of tables) await sql.unsafe(`VACUUM (FREEZE) ${name}`);
  return { tables: tables.length, ms: Math.round(performance.now() - started) };
}

/** EMBEDDED_DB_VACUUM_INTERVAL (seconds; 0 = never) on the embedded database, by the thread that runs its jobs. */
export function startEmbeddedUpkeep(app: Pick<AppServices, 'db' | 'env' | 'log'>): Job {
  const intervalS = app.env.EMBEDDED_DB_VACUUM_INTERVAL;
  if (app.db.kind !== 'embedded' || intervalS === 0) return { stop: async () => {} };
  let first = true;
  return startLeaderJob(
    'embedded database vacuum',
    intervalS * 1000,
    new LeaderLock(app.db, EMBEDDED_UPKEEP_LOCK, app.log),
    async () => {
      const r = await embeddedUpkeepRound(app.db.sql);
      // the first round reads the whole database; later ones are short unless something is wrong
      if (first || r.ms > 1000) app.log.info('embedded database vacuumed', { ...r });
      first = false;
    },
    app.log,
  );
}
