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
 * PostgreSQL settings for PGlite, after its own defaults (`base`). Stock PostgreSQL sizes its caches for a
 * server, and PGlite's WebAssembly heap only grows: the default 128 MB of shared_buffers is resident from the
 * start (measured +115 MB RSS against 16 MB), and one index build or VACUUM with the default 64 MB of
 * maintenance_work_mem would stay resident for good. Pages beyond the cache are read from the operating
 * system's file cache.
 */
export function embeddedStartParams(base: readonly string[], settings: EmbeddedSettings): string[] {
  return [...base, '-c', `shared_buffers=${settings.sharedBuffersMb}MB`, '-c', 'maintenance_work_mem=16MB'];
}
