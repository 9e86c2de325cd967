import { setFlagsFromString } from 'node:v8';

/**
 * V8 sizes its heap for throughput on a machine with memory to spare: under steady load it lets the old
 * generation grow to several times what survives a full collection before collecting again. Capping that
 * growth at 1.5× keeps the gateway's committed heap near its live set. Measured with SQL_DSN, 30 s at 50
 * connections (bench/footprint.ts' load), two runs each: RSS 171–177 MB by default, 139–146 MB capped; CPU per
 * request 240–282 µs and 244–272 µs. The flag is read at every collection, so setting it at start takes
 * effect. The young generation is sized when the isolate starts, too early for this: worker threads get theirs
 * from resourceLimits (core/cluster/start-threads.ts), the main thread from `--max-semi-space-size` in `npm start`.
 *
 * Young collections run on the collecting thread alone: V8's parallel scavenge hands work to helper threads,
 * which on a small machine already busy with the relay, the database and the clients wait to be scheduled
 * and cost more than they save (`--trace-gc-nvp`, non-stream @50: 1.5 ms pause + 0.6 ms on helpers per
 * scavenge against 1.0 ms alone, each copying ~400 KB). Gateway CPU per request with it, interleaved
 * (bench/compare-flags.ts): 0.92× on the embedded database, 0.93× on PostgreSQL, 0.98× streamed, in the
 * shared machine's faster phases; 1.01× in a slow one, where every round's spread was wider than the gain.
 */
export const HEAP_FLAGS = ['--heap-growing-percent=50', '--no-parallel-scavenge'] as const;

export function tuneHeap(): void {
  for (const flag of HEAP_FLAGS) setFlagsFromString(flag);
}
