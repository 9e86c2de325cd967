import { describe, expect, it } from 'vitest';
import type { Latency, Throughput } from './measure.js';
import { renderTable, roundRatios, type Row, type RunInfo } from './report.js';

const tp = (reqPerSec: number): Throughput => ({ connections: 50, reqPerSec, requests: reqPerSec, non2xx: 0, errors: 0 });
const lat = (p50Ms: number): Latency => ({ p50Ms, p99Ms: p50Ms * 2, meanMs: p50Ms, requests: 100, non2xx: 0, errors: 0 });
const info: RunInfo = { durationS: 3, rounds: 3, connections: 50, floor: 'bare floor', loadBefore: 0 };

describe('bench report', () => {
  // The machine slows down in round 2: both targets drop, and the per-round ratio stays put.
  const floor: Row = { target: 'bare floor', mode: 'non-stream', rounds: [tp(10_000), tp(5_000), tp(10_000)], latency: lat(0.3) };
  const gw: Row = { target: 'ferryman', mode: 'non-stream', rounds: [tp(6_000), tp(3_000), tp(5_000)], latency: lat(0.4) };

  it('pairs each round with the floor run beside it', () => {
    expect(roundRatios(gw, floor)).toEqual([0.6, 0.6, 0.5]);
  });

  it('prints the median req/s, the median ratio with its range, and the p50 delta', () => {
    const table = renderTable([floor, gw], info, []);
    expect(table).toContain('| ferryman | non-stream | 5000 | 0.400 | 0.800 | 0.60 (0.50–0.60) | +0.100 | 0 |');
    expect(table).toContain('| bare floor | non-stream | 10000 | 0.300 | 0.600 | 1.00 (1.00–1.00) | +0.000 | 0 |');
  });
});
