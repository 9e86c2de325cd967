import { describe, expect, it } from 'vitest';
import { kindGrowth, ledgerDrift, summarizeRss } from './soak-stats.js';

describe('summarizeRss', () => {
  it.each([
    { name: 'flat after the warm-up', rss: [100, 180, 200, 200, 200, 200], slope: 0 },
    { name: '1 MiB a minute', rss: [100, 150, 200, 201, 202, 203], slope: 10 },
    { name: 'shrinking', rss: [300, 300, 300, 299, 298, 297], slope: -10 },
  ])('$name: $slope MiB per 10 min, warm-up ignored', ({ rss, slope }) => {
    // a sample a minute, the first two inside a 2-minute warm-up
    const samples = rss.map((rssMb, i) => ({ atS: i * 60, rssMb }));
    const s = summarizeRss(samples, 120);
    expect(s.slopeMbPer10Min).toBeCloseTo(slope, 6);
    expect(s.maxMb).toBe(Math.max(...rss));
    expect(s.samples).toBe(rss.length);
  });

  it('has no slope with fewer than two warm samples', () => {
    expect(summarizeRss([{ atS: 0, rssMb: 10 }, { atS: 10, rssMb: 20 }], 10).slopeMbPer10Min).toBeNull();
  });
});

describe('ledgerDrift', () => {
  it.each([
    { before: { quota: 1000, logged: 0 }, after: { quota: 400, logged: 600 }, drift: 0 },
    { before: { quota: 1000, logged: 50 }, after: { quota: 400, logged: 550 }, drift: 100 },
    { before: { quota: 1000, logged: 0 }, after: { quota: 500, logged: 600 }, drift: -100 },
  ])('$drift', ({ before, after, drift }) => expect(ledgerDrift(before, after)).toBe(drift));
});

describe('kindGrowth', () => {
  const kinds = (wasmMb: number, otherMb: number) => ({ wasmMb, arenasMb: 40, brkHeapMb: 12, filesMb: 50, otherMb });

  it('compares each kind at the first warm sample and the last', () => {
    const samples = [
      { atS: 60, kinds: kinds(30, 80) },
      { atS: 120, kinds: kinds(34, 90) },
      { atS: 180, kinds: kinds(35, 85) },
      { atS: 240, kinds: kinds(38, 88) },
    ];
    expect(kindGrowth(samples, 120)).toEqual({
      fromS: 120,
      kinds: [
        { kind: 'WebAssembly heap', fromMb: 34, toMb: 38 },
        { kind: 'malloc arenas', fromMb: 40, toMb: 40 },
        { kind: 'main malloc heap', fromMb: 12, toMb: 12 },
        { kind: 'binary + libraries', fromMb: 50, toMb: 50 },
        { kind: 'V8 heaps, stacks, other', fromMb: 90, toMb: 88 },
      ],
    });
  });

  it('has nothing to compare with fewer than two warm samples', () => {
    expect(kindGrowth([{ atS: 60, kinds: kinds(30, 80) }, { atS: 180, kinds: kinds(31, 80) }], 120)).toBeNull();
  });
});
