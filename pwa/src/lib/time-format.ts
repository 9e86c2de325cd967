const pad = (n: number) => String(n).padStart(2, '0');

/** Unix seconds → "2025-06-05 14:03:09" in local time. */
export function formatTimestamp(seconds: number): string {
  if (!seconds || seconds < 0) return '-';
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Epoch milliseconds → "14:03". */
export function formatClock(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Unix seconds → value for `<input type="datetime-local">` ("2025-06-05T14:03"). */
export function toDateTimeInput(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A datetime-local value as the console language writes it: "2026-11-25 01:18" in Chinese,
 * "Nov 25, 2026, 01:18" in English. The browser's own rendering follows its UI locale, not the page's.
 */
export function formatDateTimeInput(value: string, language: string): string {
  const seconds = parseDateTimeInput(value);
  if (Number.isNaN(seconds)) return '';
  if (!language.toLowerCase().startsWith('en')) return toDateTimeInput(seconds).replace('T', ' ');
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(seconds * 1000);
}

/** Parses a datetime-local value (or "YYYY-MM-DD HH:mm:ss") to Unix seconds; NaN when invalid. */
export function parseDateTimeInput(value: string): number {
  const ms = Date.parse(value.trim().replace(' ', 'T'));
  return Number.isNaN(ms) ? Number.NaN : Math.floor(ms / 1000);
}

/** Unix seconds of today's local midnight. */
export function startOfToday(now = new Date()): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return Math.floor(d.getTime() / 1000);
}

/** "YYYY-MM-DD" of the local date, used for once-per-day flags. */
export function localDateKey(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Seconds → "3.2 s" / "2 min 5 s" for durations. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
  const m = Math.floor(seconds / 60);
  return `${m} min ${Math.round(seconds % 60)} s`;
}
