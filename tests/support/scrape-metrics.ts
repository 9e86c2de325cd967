/** Reads a gateway's /metrics with the token and parses Prometheus' text format into series → value. */
export async function scrapeMetrics(baseUrl: string, token: string): Promise<Map<string, number>> {
  const r = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (r.status !== 200) throw new Error(`/metrics answered ${r.status}: ${await r.text()}`);
  return parsePrometheusText(await r.text());
}

/** `name{labels} value` lines, keyed by everything before the value exactly as written. */
export function parsePrometheusText(text: string): Map<string, number> {
  const series = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return series;
}

/** The series' value, 0 when it is not (yet) exposed. */
export const valueOf = (m: Map<string, number>, series: string): number => m.get(series) ?? 0;
