/** The same moment one calendar month earlier (the clean-up date's default), in Unix seconds. */
export function oneMonthAgo(now = new Date()): number {
  const d = new Date(now);
  const day = d.getDate();
  d.setDate(1);
  d.setMonth(d.getMonth() - 1);
  // 31 March → 28/29 February, not 3 March.
  d.setDate(Math.min(day, new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate()));
  return Math.floor(d.getTime() / 1000);
}
