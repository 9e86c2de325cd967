// Renders the results as a Markdown table and writes bench/results/latest.*.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import type { Latency, Throughput } from './measure.js';
import type { Mode } from './scenario.js';

export interface Row {
  target: string;
  mode: Mode;
  /** One throughput run per round; round i of every target ran back to back. */
  rounds: Throughput[];
  /** Pooled over the rounds. */
  latency: Latency;
}

/** What one target costs beyond a mode's table row. */
export interface TargetCost {
  target: string;
  /** Server CPU per extra relayed chunk, one figure per round (long stream minus normal stream). */
  chunkCpuUs: number[];
  /** Server RSS and peak RSS at the end of the run. */
  rssMb: number;
  hwmMb: number;
  /** Median delay to the first byte of a stream's body, one request at a time. */
  firstByteMs: number;
}

export interface RunInfo {
  durationS: number;
  rounds: number;
  connections: number;
  floor: string;
  /** One-minute load average before the run started its own processes. */
  loadBefore: number;
}

const fixed = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const signed = (n: number, digits: number) => (Number.isFinite(n) && n >= 0 ? '+' : '') + fixed(n, digits);

export const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length === 0 ? Number.NaN : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Throughput ratios against the floor, round by round (each pair measured back to back). */
export function roundRatios(row: Row, floor: Row): number[] {
  return row.rounds.map((r, i) => r.reqPerSec / (floor.rounds[i]?.reqPerSec ?? Number.NaN)).filter(Number.isFinite);
}

export function renderTable(rows: Row[], info: RunInfo, failures: string[]): string {
  const c = info.connections;
  const lines = [
    `| target | mode | req/s @${c} (median) | p50 @1 (ms) | p99 @1 (ms) | req/s ratio vs floor (median, min–max) | p50 delta vs floor (ms) | non-2xx / errors | p50 @${c} (ms) | p99 @${c} (ms) | server CPU µs/req |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const floor = rows.find((r) => r.target === info.floor && r.mode === row.mode);
    const ratios = floor ? roundRatios(row, floor) : [];
    const ratio = ratios.length ? `${fixed(median(ratios), 2)} (${fixed(Math.min(...ratios), 2)}–${fixed(Math.max(...ratios), 2)})` : 'n/a';
    const delta = floor ? row.latency.p50Ms - floor.latency.p50Ms : Number.NaN;
    const bad = row.rounds.reduce((a, r) => a + r.non2xx + r.errors, 0) + row.latency.non2xx + row.latency.errors;
    lines.push(
      `| ${row.target} | ${row.mode} | ${Math.round(median(row.rounds.map((r) => r.reqPerSec)))} | ${fixed(row.latency.p50Ms, 3)} | ${fixed(row.latency.p99Ms, 3)} | ${ratio} | ${signed(delta, 3)} | ${bad} | ` +
        `${fixed(median(row.rounds.map((r) => r.p50Ms)), 2)} | ${fixed(median(row.rounds.map((r) => r.p99Ms)), 2)} | ${fixed(median(row.rounds.map((r) => r.cpuUsPerRequest)), 0)} |`,
    );
  }
  for (const failure of failures) lines.push('', `NOT MEASURED: ${failure}`);
  return lines.join('\n');
}

/** Per target: CPU per relayed chunk (median over the rounds), memory, and the first byte of a stream. */
export function renderCosts(costs: TargetCost[]): string {
  return [
    '| target | server CPU µs per relayed chunk (median, min–max) | RSS after the run (MB) | peak RSS (MB) | first byte of a stream, p50 (ms) |',
    '|---|---:|---:|---:|---:|',
    ...costs.map((c) => {
      const chunk = c.chunkCpuUs.length ? `${fixed(median(c.chunkCpuUs), 1)} (${fixed(Math.min(...c.chunkCpuUs), 1)}–${fixed(Math.max(...c.chunkCpuUs), 1)})` : 'n/a';
      return `| ${c.target} | ${chunk} | ${fixed(c.rssMb, 0)} | ${fixed(c.hwmMb, 0)} | ${fixed(c.firstByteMs, 3)} |`;
    }),
  ].join('\n');
}

export function describeRun(info: RunInfo): string {
  const cpus = os.cpus();
  // A machine already busy before the run skews everything; say so next to the numbers.
  return `Node ${process.version}, ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, load average ${info.loadBefore.toFixed(1)} before the run; ${info.rounds} rounds of ${info.durationS} s per target and measurement, targets interleaved within each round; load generator, mock and proxies share these cores.`;
}

export async function writeResults(dir: URL, rows: Row[], costs: TargetCost[], info: RunInfo, table: string, failures: string[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  const generatedAt = new Date().toISOString();
  const summary = describeRun(info);
  await writeFile(new URL('latest.json', dir), JSON.stringify({ generatedAt, summary, ...info, rows, costs, failures, table }, null, 2) + '\n');
  await writeFile(new URL('latest.md', dir), `# Benchmark ${generatedAt}\n\n${summary}\n\n${table}\n`);
}
