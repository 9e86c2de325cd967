import { describe, expect, it } from 'vitest';
import type { Latency, Throughput } from './measure.js';
import { renderCosts, renderTable, roundRatios, type Row, type RunInfo, type TargetCost } from './report.js';

const tp = (reqPerSec: number, cpuUsPerRequest = 100): Throughput => ({
  connections: 50,
  reqPerSec,
  p50Ms: 50_000 / reqPerSec,
  p99Ms: 100_000 / reqPerSec,
  cpuUsPerRequest,
  requests: reqPerSec,
  non2xx: 0,
  errors: 0,
});
const lat = (p50Ms: number): Latency => ({ p50Ms, p99Ms: p50Ms * 2, meanMs: p50Ms, requests: 100, non2xx: 0, errors: 0 });
const info: RunInfo = { durationS: 3, rounds: 3, connections: 50, floor: 'bare floor', loadBefore: 0 };

describe('bench report', () => {
  // The machine slows down in round 2: both targets drop, and the per-round ratio stays put.
  const floor: Row = { target: 'bare floor', mode: 'non-stream', rounds: [tp(10_000), tp(5_000), tp(10_000)], latency: lat(0.3) };
  const gw: Row = { target: 'ferryman', mode: 'non-stream', rounds: [tp(6_000, 120), tp(3_000, 150), tp(5_000, 130)], latency: lat(0.4) };

  it('pairs each round with the floor run beside it', () => {
    expect(roundRatios(gw, floor)).toEqual([0.6, 0.6, 0.5]);
  });

  it('prints the median req/s, the median ratio with its range, the p50 delta, latency under load and CPU per request', () => {
    const table = renderTable([floor, gw], info, []);
    expect(table).toContain('| ferryman | non-stream | 5000 | 0.400 | 0.800 | 0.60 (0.50–0.60) | +0.100 | 0 | 10.00 | 20.00 | 130 |');
    expect(table).toContain('| bare floor | non-stream | 10000 | 0.300 | 0.600 | 1.00 (1.00–1.00) | +0.000 | 0 | 5.00 | 10.00 | 100 |');
  });

  it('prints per target the median CPU per chunk with its range, memory and the first byte of a stream', () => {
    const costs: TargetCost[] = [
      { target: 'ferryman', chunkCpuUs: [4.2, 3.1, 5.5], rssMb: 201.4, hwmMb: 230.6, firstByteMs: 0.4123 },
      { target: 'elsewhere', chunkCpuUs: [], rssMb: Number.NaN, hwmMb: Number.NaN, firstByteMs: 0.5 },
    ];
    const table = renderCosts(costs);
    expect(table).toContain('| ferryman | 4.2 (3.1–5.5) | 201 | 231 | 0.412 |');
    expect(table).toContain('| elsewhere | n/a | n/a | n/a | 0.500 |');
  });
});
