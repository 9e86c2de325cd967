/**
 * One histogram series as plain numbers: observing is a bucket search over a fixed array and three
 * additions, with no labels hashed and nothing allocated, so the relay can record every request. The
 * prom-client metric reads the cells at scrape time (prom-series.ts).
 */
export class HistogramCell {
  /** per bucket, not cumulative; the last slot counts values above every bound */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    this.counts[i]!++;
    this.sum += value;
    this.count++;
  }
}

/** Seconds, from a cached answer to a five-minute stream (STREAMING_TIMEOUT's default). */
export const LATENCY_BUCKETS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
