import type { Env } from '../config/env.js';

export type WasmTier = 'optimized' | 'baseline';

/** V8's flags for each tier; optimized compiles one function at a time, for a lower high-water mark of scratch memory. */
export const WASM_TIER_FLAGS: Record<WasmTier, string[]> = {
  optimized: ['--wasm-num-compilation-tasks=1'],
  baseline: ['--liftoff-only'],
};

/**
 * How PGlite's WebAssembly runs. V8 tiers hot functions up to optimized code on background threads, and glibc
 * gives each thread that allocates an arena of its own, where the compilers' scratch memory stays after they
 * finish: 80–110 MB more RSS under load. With MALLOC_ARENA_MAX at 1 or 2 that memory is reused instead, and with
 * one compilation at a time: ~20 MB more than baseline code (195 / 241 MB idle / after a minute at 50
 * connections, against 174 / 217), for 4–7 % less CPU per relayed request (README, Memory footprint). So the
 * optimizing tier is the default only where the arenas are capped, as `npm start` and the image cap them.
 */
export function embeddedWasmTier(env: Pick<Env, 'EMBEDDED_DB_OPTIMIZING_COMPILER' | 'MALLOC_ARENA_MAX'>): WasmTier {
  const capped = env.MALLOC_ARENA_MAX !== undefined && env.MALLOC_ARENA_MAX >= 1 && env.MALLOC_ARENA_MAX <= 2;
  return (env.EMBEDDED_DB_OPTIMIZING_COMPILER ?? capped) ? 'optimized' : 'baseline';
}
