import { describe, expect, it } from 'vitest';
import { HistogramCell } from './histogram-cell.js';

describe('HistogramCell', () => {
  it.each([
    [0.001, 0],
    [0.1, 0],
    [0.10001, 1],
    [1, 1],
    [4.9, 2],
    [5, 2],
    [5.01, 3],
    [1e9, 3],
  ])('puts %f in bucket %i of bounds 0.1, 1, 5 (a value on a bound belongs to it, as Prometheus\' le)', (value, bucket) => {
    const h = new HistogramCell([0.1, 1, 5]);
    h.observe(value);
    expect([...h.counts]).toEqual([0, 1, 2, 3].map((i) => (i === bucket ? 1 : 0)));
    expect(h.count).toBe(1);
    expect(h.sum).toBe(value);
  });

  it('sums and counts many observations', () => {
    const h = new HistogramCell([1, 2]);
    for (const v of [0.5, 1.5, 1.5, 3]) h.observe(v);
    expect([...h.counts]).toEqual([1, 2, 1]);
    expect(h.count).toBe(4);
    expect(h.sum).toBe(6.5);
  });
});
