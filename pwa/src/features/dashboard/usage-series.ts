/** A quota_data row (GET /api/data/ or /api/data/self): one (model, hour) with its calls, quota and tokens. */
export interface QuotaDataRow {
  model_name: string;
  created_at: number;
  count: number;
  quota: number;
  token_used: number;
}

/** The dashboard's time granularity (DataExportDefaultTime: hour, day or week). */
export type Granularity = 'hour' | 'day' | 'week';
export const GRANULARITIES: readonly Granularity[] = ['hour', 'day', 'week'];

export const asGranularity = (value: string): Granularity => (GRANULARITIES.includes(value as Granularity) ? (value as Granularity) : 'hour');

/** One point of a time series: its label and a value per charted model (OTHER for the rest). */
export interface SeriesPoint {
  label: string;
  values: Record<string, number>;
}

export interface ModelUsage {
  model: string;
  count: number;
  quota: number;
  tokens: number;
}

export interface UsageSeries {
  totals: { count: number; quota: number; tokens: number };
  /** average calls and tokens per minute over the queried range, as new-api's dashboard computes them */
  rpm: number;
  tpm: number;
  /** every model, most spent first */
  models: ModelUsage[];
  /** the models charted separately (the others are summed under OTHER) */
  charted: string[];
  quota: SeriesPoint[];
  count: SeriesPoint[];
}

/** The key under which models beyond the charted ones are summed. */
export const OTHER = '__other__';

/** Past this many buckets only those with data are shown (an hourly year would be 8 760 bars). */
const MAX_FILLED_BUCKETS = 400;

const pad = (n: number) => String(n).padStart(2, '0');
const monthDay = (d: Date) => `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The local start of the bucket holding `seconds`; weeks start on Monday. */
export function bucketStart(seconds: number, granularity: Granularity): number {
  const d = new Date(seconds * 1000);
  d.setMinutes(0, 0, 0);
  if (granularity !== 'hour') d.setHours(0);
  if (granularity === 'week') d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return Math.floor(d.getTime() / 1000);
}

/** "06-05 14:00", "06-05" or "06-02 ~ 06-08". */
export function bucketLabel(start: number, granularity: Granularity): string {
  const d = new Date(start * 1000);
  if (granularity === 'hour') return `${monthDay(d)} ${pad(d.getHours())}:00`;
  if (granularity === 'day') return monthDay(d);
  const end = new Date(d);
  end.setDate(end.getDate() + 6);
  return `${monthDay(d)} ~ ${monthDay(end)}`;
}

function nextBucket(start: number, granularity: Granularity): number {
  const d = new Date(start * 1000);
  if (granularity === 'hour') d.setHours(d.getHours() + 1);
  else d.setDate(d.getDate() + (granularity === 'day' ? 1 : 7));
  return Math.floor(d.getTime() / 1000);
}

/** Bucket starts from `from` to `to` (seconds), or null when there would be too many to draw. */
function bucketStarts(from: number, to: number, granularity: Granularity): number[] | null {
  const starts: number[] = [];
  for (let s = bucketStart(from, granularity); s <= to; s = nextBucket(s, granularity)) {
    if (starts.length >= MAX_FILLED_BUCKETS) return null;
    starts.push(s);
  }
  return starts;
}

/**
 * Totals, RPM/TPM and per-model series over time. The range is [start, end] in seconds; every bucket in
 * it appears (empty ones at 0) so the time axis is continuous. The `top` models by quota are charted
 * one by one, the rest together under OTHER.
 */
export function usageSeries(rows: QuotaDataRow[], range: { start: number; end: number }, granularity: Granularity, top = 6): UsageSeries {
  const totals = { count: 0, quota: 0, tokens: 0 };
  const byModel = new Map<string, ModelUsage>();
  for (const row of rows) {
    totals.count += row.count;
    totals.quota += row.quota;
    totals.tokens += row.token_used;
    const m = byModel.get(row.model_name) ?? { model: row.model_name, count: 0, quota: 0, tokens: 0 };
    m.count += row.count;
    m.quota += row.quota;
    m.tokens += row.token_used;
    byModel.set(row.model_name, m);
  }
  const models = [...byModel.values()].sort((a, b) => b.quota - a.quota || b.count - a.count || a.model.localeCompare(b.model));
  const charted = models.slice(0, top).map((m) => m.model);
  const keyOf = (model: string) => (charted.includes(model) ? model : OTHER);
  const keys = models.length > top ? [...charted, OTHER] : charted;

  const starts = bucketStarts(range.start, range.end, granularity) ?? [...new Set(rows.map((r) => bucketStart(r.created_at, granularity)))].sort((a, b) => a - b);
  const empty = (start: number): SeriesPoint => ({ label: bucketLabel(start, granularity), values: Object.fromEntries(keys.map((k) => [k, 0])) });
  const quota = new Map(starts.map((s) => [s, empty(s)]));
  const count = new Map(starts.map((s) => [s, empty(s)]));
  for (const row of rows) {
    const s = bucketStart(row.created_at, granularity);
    const q = quota.get(s);
    const c = count.get(s);
    if (!q || !c) continue;
    const k = keyOf(row.model_name);
    q.values[k] = (q.values[k] ?? 0) + row.quota;
    c.values[k] = (c.values[k] ?? 0) + row.count;
  }
  const minutes = Math.max(1, (range.end - range.start) / 60);
  return { totals, rpm: totals.count / minutes, tpm: totals.tokens / minutes, models, charted: keys, quota: [...quota.values()], count: [...count.values()] };
}

/** The default range for a granularity: a day, a week or 30 days, ending an hour from now (within /self's 30 days). */
export function defaultRange(granularity: Granularity, now = Date.now()): { start: number; end: number } {
  const end = Math.floor(now / 1000) + 3600;
  const days = granularity === 'hour' ? 1 : granularity === 'day' ? 7 : 30;
  return { start: end - days * 86400, end };
}
