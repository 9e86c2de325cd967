import { Counter, Gauge, Histogram, type Aggregator, type LabelValues, type Registry } from 'prom-client';
import type { HistogramCell } from './histogram-cell.js';

/**
 * prom-client metrics whose values live in plain numbers the relay adds to, read only when /metrics is
 * scraped. prom-client's own `inc`/`observe` hash the label set into a string on every call (about a
 * microsecond each here); recording into cells and copying them at scrape time keeps a request's cost to
 * a few additions.
 */
export interface Sample<L extends string> {
  labels: LabelValues<L>;
  value: number;
}

export function scrapedCounter<L extends string>(registry: Registry, name: string, help: string, labelNames: readonly L[], read: () => Iterable<Sample<L>>): Counter<L> {
  return new Counter<L>({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const s of read()) this.inc(s.labels, s.value);
    },
  });
}

/** `aggregator`: how /metrics combines the relay threads' values of it (prom-client's cluster aggregation). */
export function scrapedGauge<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly L[],
  read: () => Iterable<Sample<L>>,
  aggregator: Aggregator = 'sum',
): Gauge<L> {
  return new Gauge<L>({
    name,
    help,
    labelNames,
    aggregator,
    registers: [registry],
    collect() {
      this.reset();
      for (const s of read()) this.set(s.labels, s.value);
    },
  });
}

/** The entry prom-client 15's Histogram keeps per label set (lib/histogram.js createBaseValues); bucket counts are per bound, not cumulative. */
interface HistogramEntry {
  labels: object;
  bucketValues: Record<number, number>;
  sum: number;
  count: number;
}

/**
 * A histogram read from cells. prom-client has no public way to set bucket counts, so the scrape replaces
 * the metric's series table with the cells' values; scraped-metrics.test.ts parses the exposition, so a
 * prom-client whose internals moved fails there rather than in production.
 */
export function scrapedHistogram<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly L[],
  bounds: readonly number[],
  read: () => Iterable<{ labels: LabelValues<L>; cell: HistogramCell }>,
): Histogram<L> {
  return new Histogram<L>({
    name,
    help,
    labelNames,
    buckets: [...bounds],
    registers: [registry],
    collect() {
      const table: Record<string, HistogramEntry> = {};
      let n = 0;
      for (const { labels, cell } of read()) {
        const bucketValues: Record<number, number> = {};
        for (let i = 0; i < bounds.length; i++) bucketValues[bounds[i]!] = cell.counts[i]!;
        table[String(n++)] = { labels, bucketValues, sum: cell.sum, count: cell.count };
      }
      (this as unknown as { hashMap: Record<string, HistogramEntry> }).hashMap = table;
    },
  });
}
