import { join } from 'node:path';

/** Memory knobs of the embedded PostgreSQL (PGlite), from the environment. */
export interface EmbeddedSettings {
  /** shared_buffers in MB: the page cache inside PGlite's WebAssembly heap, which never shrinks once used. */
  sharedBuffersMb: number;
}

/** Where PGlite keeps its files under DATA_DIR. */
export function embeddedDataDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/**
 * ANALYZE samples 300 rows per unit of the target. At PostgreSQL's default of 100 the upkeep's first ANALYZE of a
 * log partition with a few million rows grew the WebAssembly heap by ~20 MB for good (30 000 sampled rows; 5 MB at
 * 25, measured on 400 000 rows). 25 buckets still tell the log searches' selective index scans from full scans.
 */
const STATISTICS_TARGET = 25;

/**
 * PostgreSQL settings for PGlite, after its own defaults (`base`). Stock PostgreSQL sizes its caches for a
 * server, and PGlite's WebAssembly heap only grows: the default 128 MB of shared_buffers is resident from the
 * start (measured +115 MB RSS against 16 MB), and one index build or VACUUM with the default 64 MB of
 * maintenance_work_mem, or one ANALYZE's sample (above), would stay resident for good. Pages beyond the cache are
 * read from the operating system's file cache.
 */
export function embeddedStartParams(base: readonly string[], settings: EmbeddedSettings): string[] {
  return [...base, '-c', `shared_buffers=${settings.sharedBuffersMb}MB`, '-c', 'maintenance_work_mem=16MB', '-c', `default_statistics_target=${STATISTICS_TARGET}`];
}
