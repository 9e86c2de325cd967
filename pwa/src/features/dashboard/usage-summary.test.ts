import { describe, expect, it } from 'vitest';
import { summariseUsage } from './usage-summary';

describe('summariseUsage', () => {
  it('totals, ranks models by spend and buckets per day', () => {
    const start = Math.floor(new Date(2025, 0, 1).getTime() / 1000);
    const rows = [
      { model_name: 'a', created_at: start + 3600, count: 2, quota: 10, token_used: 100 },
      { model_name: 'b', created_at: start + 86400 + 60, count: 1, quota: 50, token_used: 20 },
      { model_name: 'a', created_at: start + 86400 * 2, count: 1, quota: 5, token_used: 7 },
    ];
    const s = summariseUsage(rows, start, 3);
    expect(s.totals).toEqual({ count: 4, quota: 65, tokens: 127 });
    expect(s.byModel.map((m) => [m.model, m.quota])).toEqual([['b', 50], ['a', 15]]);
    expect(s.byDay.map((d) => d.quota)).toEqual([10, 50, 5]);
  });
});
