export interface QuotaDataRow {
  model_name: string;
  created_at: number;
  count: number;
  quota: number;
  token_used: number;
}

export interface UsageSummary {
  totals: { count: number; quota: number; tokens: number };
  byModel: { model: string; count: number; quota: number; tokens: number }[];
  /** One entry per day in the range (local dates), oldest first. */
  byDay: { day: string; quota: number; count: number }[];
}

const dayKey = (seconds: number) => {
  const d = new Date(seconds * 1000);
  return `${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Hourly quota_data rows → totals, per-model (most spent first) and per-day series. */
export function summariseUsage(rows: QuotaDataRow[], startSeconds: number, days: number): UsageSummary {
  const totals = { count: 0, quota: 0, tokens: 0 };
  const models = new Map<string, { model: string; count: number; quota: number; tokens: number }>();
  const perDay = new Map<string, { day: string; quota: number; count: number }>();
  for (let i = 0; i < days; i++) {
    const key = dayKey(startSeconds + i * 86400);
    perDay.set(key, { day: key, quota: 0, count: 0 });
  }
  for (const row of rows) {
    totals.count += row.count;
    totals.quota += row.quota;
    totals.tokens += row.token_used;
    const m = models.get(row.model_name) ?? { model: row.model_name, count: 0, quota: 0, tokens: 0 };
    m.count += row.count;
    m.quota += row.quota;
    m.tokens += row.token_used;
    models.set(row.model_name, m);
    const d = perDay.get(dayKey(row.created_at));
    if (d) {
      d.quota += row.quota;
      d.count += row.count;
    }
  }
  return { totals, byModel: [...models.values()].sort((a, b) => b.quota - a.quota), byDay: [...perDay.values()] };
}
