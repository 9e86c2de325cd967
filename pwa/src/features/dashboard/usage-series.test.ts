import { describe, expect, it } from 'vitest';
import { bucketLabel, bucketStart, defaultRange, OTHER, usageSeries, type Granularity } from './usage-series';

const at = (y: number, mo: number, d: number, h = 0, mi = 0) => Math.floor(new Date(y, mo - 1, d, h, mi).getTime() / 1000);

describe('buckets', () => {
  it.each<[number, Granularity, string]>([
    [at(2025, 6, 5, 14, 30), 'hour', '06-05 14:00'],
    [at(2025, 6, 5, 14, 30), 'day', '06-05'],
    // 2025-06-05 is a Thursday: its week runs Monday 06-02 to Sunday 06-08
    [at(2025, 6, 5, 14, 30), 'week', '06-02 ~ 06-08'],
    [at(2025, 6, 8, 23, 59), 'week', '06-02 ~ 06-08'],
    [at(2025, 6, 9, 0, 0), 'week', '06-09 ~ 06-15'],
    [at(2025, 12, 31, 12), 'week', '12-29 ~ 01-04'],
  ])('%i by %s is %s', (seconds, granularity, label) => {
    expect(bucketLabel(bucketStart(seconds, granularity), granularity)).toBe(label);
  });
});

describe('usageSeries', () => {
  const rows = [
    { model_name: 'gpt-4o', created_at: at(2025, 6, 5, 10), count: 2, quota: 100, token_used: 300 },
    { model_name: 'gpt-4o-mini', created_at: at(2025, 6, 5, 10), count: 5, quota: 20, token_used: 900 },
    { model_name: 'claude', created_at: at(2025, 6, 5, 12), count: 1, quota: 50, token_used: 60 },
    { model_name: 'gpt-4o', created_at: at(2025, 6, 6, 9), count: 1, quota: 40, token_used: 40 },
  ];

  it('totals the rows and averages calls and tokens per minute over the range', () => {
    const s = usageSeries(rows, { start: at(2025, 6, 5), end: at(2025, 6, 5, 10) }, 'hour');
    expect(s.totals).toEqual({ count: 9, quota: 210, tokens: 1300 });
    expect(s.rpm).toBeCloseTo(9 / 600);
    expect(s.tpm).toBeCloseTo(1300 / 600);
  });

  it('ranks models by spend and fills every bucket of the range', () => {
    const s = usageSeries(rows, { start: at(2025, 6, 4, 12), end: at(2025, 6, 7, 11) }, 'day');
    expect(s.models.map((m) => [m.model, m.quota, m.count])).toEqual([['gpt-4o', 140, 3], ['claude', 50, 1], ['gpt-4o-mini', 20, 5]]);
    expect(s.quota).toEqual([
      { label: '06-04', values: { 'gpt-4o': 0, claude: 0, 'gpt-4o-mini': 0 } },
      { label: '06-05', values: { 'gpt-4o': 100, claude: 50, 'gpt-4o-mini': 20 } },
      { label: '06-06', values: { 'gpt-4o': 40, claude: 0, 'gpt-4o-mini': 0 } },
      { label: '06-07', values: { 'gpt-4o': 0, claude: 0, 'gpt-4o-mini': 0 } },
    ]);
    expect(s.count[1]).toEqual({ label: '06-05', values: { 'gpt-4o': 2, claude: 1, 'gpt-4o-mini': 5 } });
  });

  it('sums the models past the top ones under OTHER', () => {
    const s = usageSeries(rows, { start: at(2025, 6, 5), end: at(2025, 6, 6, 23) }, 'day', 1);
    expect(s.charted).toEqual(['gpt-4o', OTHER]);
    expect(s.quota[0]).toEqual({ label: '06-05', values: { 'gpt-4o': 100, [OTHER]: 70 } });
    expect(s.count[0]).toEqual({ label: '06-05', values: { 'gpt-4o': 2, [OTHER]: 6 } });
  });

  it('shows only buckets with data when the range holds too many to draw', () => {
    const s = usageSeries(rows, { start: at(2024, 1, 1), end: at(2025, 12, 31) }, 'hour');
    expect(s.quota.map((p) => p.label)).toEqual(['06-05 10:00', '06-05 12:00', '06-06 09:00']);
  });

  it('is empty but well formed without rows', () => {
    const s = usageSeries([], { start: at(2025, 6, 5), end: at(2025, 6, 5, 2) }, 'hour');
    expect(s).toMatchObject({ totals: { count: 0, quota: 0, tokens: 0 }, models: [], charted: [] });
    expect(s.quota.map((p) => p.label)).toEqual(['06-05 00:00', '06-05 01:00', '06-05 02:00']);
  });
});

describe('defaultRange', () => {
  it.each<[Granularity, number]>([
    ['hour', 1],
    ['day', 7],
    ['week', 30],
  ])('%s covers %i day(s) ending an hour from now', (granularity, days) => {
    const now = Date.UTC(2025, 5, 5, 12);
    const r = defaultRange(granularity, now);
    expect(r.end).toBe(now / 1000 + 3600);
    expect(r.end - r.start).toBe(days * 86400);
  });
});
