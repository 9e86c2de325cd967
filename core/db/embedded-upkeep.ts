import type { AppServices } from '../app-services.js';
import { startLeaderJob, type Job } from '../channel-health/periodic-jobs.js';
import { LeaderLock } from '../tasks/poller/leader-lock.js';
import type { Sql } from './connect.js';

/** Advisory lock key of the job (log retention holds 7_463_012). */
export const EMBEDDED_UPKEEP_LOCK = 7_463_013;

export interface UpkeepRound {
  /** tables vacuumed */
  tables: number;
  /** of them, analyzed too */
  analyzed: number;
  ms: number;
}

/** How often the tables' statistics are made again (the logs': those of the partitions still being written). */
export const ANALYZE_EVERY_S = 86_400;

/**
 * What autovacuum does for a PostgreSQL server, done for the embedded database: PGlite runs PostgreSQL in
 * single-user mode, which has no autovacuum. Without it a table whose rows are deleted and inserted (write keys,
 * quota leases, sessions) grows for good, since only VACUUM makes a dead row's line pointer reusable: 60 000 keys
 * written one at a time into ferryman_writes, which holds one live row, took 4 MB, and 20 000 more after a VACUUM
 * took nothing. Nor would any row be frozen before transaction ids wrap around (~2 billion writes: years at a few
 * statements a second, but the embedded database is what runs when nothing else is configured), nor would the
 * planner have statistics (a log search by model and user read 3 800 pages of 200 000 rows without, 19 with).
 *
 * Every table of the database, one VACUUM (FREEZE) each, so other statements take turns with them on the
 * database's one session. A page frozen whole is skipped by the next round (the visibility map), so a round's cost
 * follows what was written since the last one (~1.5 µs a new log row) rather than the database's size; the first
 * round after an upgrade reads everything once. Freezing every round, not at an age threshold, means the logs never
 * need one aggressive scan of a whole partition. Statistics (ANALYZE, the schema's tables): at once for a table
 * that has none, and on the `daily` round for the others but the log partitions whose month ended over a day ago
 * (ANALYZE samples 30 000 rows, about a second a partition on PGlite, and the old months do not change).
 */
export async function embeddedUpkeepRound(sql: Sql, now: number, daily: boolean): Promise<UpkeepRound> {
  const started = performance.now();
  // ordinary tables and materialized views of every schema but other sessions' temporary ones; a partitioned
  // table's partitions are listed themselves (the parent holds no rows), TOAST tables go with their tables
  const tables = await sql<{ name: string; analyze: boolean }[]>`
    SELECT format('%I.%I', n.nspname, c.relname) AS name,
      n.nspname = 'public' AND (NOT EXISTS (SELECT 1 FROM pg_statistic s WHERE s.starelid = c.oid)
        OR (${daily} AND (p.inhparent IS DISTINCT FROM to_regclass('public.logs')
                          OR coalesce(ferryman_logs_partition_upper(c.oid), ${now}) > ${now - ANALYZE_EVERY_S}))) AS analyze
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_inherits p ON p.inhrelid = c.oid
    WHERE c.relkind IN ('r', 'm') AND c.relpersistence <> 't'
    ORDER BY c.oid`;
  for (const t of tables) await sql.unsafe(`VACUUM (FREEZE${t.analyze ? ', ANALYZE' : ''}) ${t.name}`);
  return { tables: tables.length, analyzed: tables.filter((t) => t.analyze).length, ms: Math.round(performance.now() - started) };
}

/** EMBEDDED_DB_VACUUM_INTERVAL (seconds; 0 = never) on the embedded database, by the thread that runs its jobs. */
export function startEmbeddedUpkeep(app: Pick<AppServices, 'db' | 'env' | 'log'>, now = () => Math.floor(Date.now() / 1000)): Job {
  const intervalS = app.env.EMBEDDED_DB_VACUUM_INTERVAL;
  if (app.db.kind !== 'embedded' || intervalS === 0) return { stop: async () => {} };
  let analyzedAt = -Infinity;
  return startLeaderJob(
    'embedded database vacuum',
    intervalS * 1000,
    new LeaderLock(app.db, EMBEDDED_UPKEEP_LOCK, app.log),
    async () => {
      const at = now();
      const daily = at - analyzedAt >= ANALYZE_EVERY_S;
      const r = await embeddedUpkeepRound(app.db.sql, at, daily);
      // the first round reads the whole database; later ones are short unless something is wrong
      if (daily || r.ms > 1000) app.log.info('embedded database vacuumed', { ...r });
      else app.log.debug('embedded database vacuumed', { ...r });
      if (daily) analyzedAt = at;
    },
    app.log,
  );
}
