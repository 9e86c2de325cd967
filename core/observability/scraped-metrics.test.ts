import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { HistogramCell } from './histogram-cell.js';
import { scrapedCounter, scrapedGauge, scrapedHistogram } from './scraped-metrics.js';

describe('metrics read from cells at scrape time', () => {
  it('exposes counters and gauges with the values the cells hold at each scrape', async () => {
    const registry = new Registry();
    const cells = { a: 0, b: 0, level: 0 };
    scrapedCounter(registry, 't_requests_total', 'requests', ['route'], () => [
      { labels: { route: 'a' }, value: cells.a },
      { labels: { route: 'b' }, value: cells.b },
    ]);
    scrapedGauge(registry, 't_level', 'level', [], () => [{ labels: {}, value: cells.level }]);
    cells.a = 3;
    cells.level = 7;
    let text = await registry.metrics();
    expect(text).toContain('t_requests_total{route="a"} 3');
    expect(text).toContain('t_requests_total{route="b"} 0');
    expect(text).toContain('t_level 7');
    cells.a = 5;
    cells.level = 2;
    text = await registry.metrics();
    expect(text).toContain('t_requests_total{route="a"} 5');
    expect(text).toContain('t_level 2');
    expect(text).toContain('# TYPE t_requests_total counter');
  });

  it('exposes a histogram with cumulative buckets, +Inf, sum and count from its cells', async () => {
    const registry = new Registry();
    const cell = new HistogramCell([0.1, 1]);
    for (const v of [0.05, 0.5, 0.7, 3]) cell.observe(v);
    const empty = new HistogramCell([0.1, 1]);
    scrapedHistogram(registry, 't_seconds', 'latency', ['family'], [0.1, 1], () => [
      { labels: { family: 'chat' }, cell },
      { labels: { family: 'embeddings' }, cell: empty },
    ]);
    const text = await registry.metrics();
    expect(text).toContain('# TYPE t_seconds histogram');
    expect(text).toContain('t_seconds_bucket{le="0.1",family="chat"} 1');
    expect(text).toContain('t_seconds_bucket{le="1",family="chat"} 3');
    expect(text).toContain('t_seconds_bucket{le="+Inf",family="chat"} 4');
    expect(text).toContain('t_seconds_sum{family="chat"} 4.25');
    expect(text).toContain('t_seconds_count{family="chat"} 4');
    expect(text).toContain('t_seconds_count{family="embeddings"} 0');
    cell.observe(0.01);
    expect(await registry.metrics()).toContain('t_seconds_bucket{le="0.1",family="chat"} 2');
  });
});
