// Figures of a soak run (bench/soak.ts): how fast resident memory grows once warm, and whether the books drifted.
import { KIND_LABELS, KINDS, type MemoryBreakdown } from './process-stats.js';

export interface RssSample {
  /** seconds since the load started */
  atS: number;
  rssMb: number;
}

export interface RssSummary {
  /** least-squares growth over the samples after the warm-up, in MiB per 10 minutes (null with fewer than 2) */
  slopeMbPer10Min: number | null;
  maxMb: number;
  samples: number;
}

/**
 * The memory slope over the samples taken at or after `warmUpS` (a gateway fills its caches, pools and V8's
 * heaps during the first minutes; growth after that is what a leak looks like), and the highest sample overall.
 */
export function summarizeRss(samples: readonly RssSample[], warmUpS: number): RssSummary {
  const maxMb = samples.reduce((m, s) => Math.max(m, s.rssMb), 0);
  const warm = samples.filter((s) => s.atS >= warmUpS);
  if (warm.length < 2) return { slopeMbPer10Min: null, maxMb, samples: samples.length };
  const meanT = warm.reduce((a, s) => a + s.atS, 0) / warm.length;
  const meanR = warm.reduce((a, s) => a + s.rssMb, 0) / warm.length;
  const cov = warm.reduce((a, s) => a + (s.atS - meanT) * (s.rssMb - meanR), 0);
  const varT = warm.reduce((a, s) => a + (s.atS - meanT) ** 2, 0);
  return { slopeMbPer10Min: (cov / varT) * 600, maxMb, samples: samples.length };
}

export interface Books {
  /** the user's balance */
  quota: number;
  /** Σ quota of the user's consume logs */
  logged: number;
}

/** What the balance lost that no consume log explains (positive: charged without a log; negative: logged, not charged). */
export function ledgerDrift(before: Books, after: Books): number {
  return before.quota - after.quota - (after.logged - before.logged);
}

/** Resident memory by kind (process-stats' breakdown of smaps) at one moment of the soak. */
export interface KindSample {
  atS: number;
  kinds: MemoryBreakdown;
}

/**
 * Each kind's resident MB at the first sample after the warm-up (taken at `fromS`) and at the last, so a slope can
 * be put down to the memory that grew (the WebAssembly heap never shrinks; V8's heaps and the arenas swing with the
 * load). Null with fewer than two warm samples.
 */
export function kindGrowth(
  samples: readonly KindSample[],
  warmUpS: number,
): { fromS: number; kinds: Array<{ kind: string; fromMb: number; toMb: number }> } | null {
  const warm = samples.filter((s) => s.atS >= warmUpS);
  if (warm.length < 2) return null;
  const first = warm[0]!;
  const last = warm[warm.length - 1]!.kinds;
  return { fromS: first.atS, kinds: KINDS.map((k) => ({ kind: KIND_LABELS[k], fromMb: first.kinds[k], toMb: last[k] })) };
}
