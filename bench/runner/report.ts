// Renders the results as a Markdown table and writes bench/results/latest.*.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import type { Latency, Throughput } from './measure.js';
import type { Mode } from './scenario.js';

export interface Row {
  target: string;
  mode: Mode;
  throughput: Throughput;
  latency: Latency;
}

export interface RunInfo {
  durationS: number;
  connections: number;
  floor: string;
  /** One-minute load average before the run started its own processes. */
  loadBefore: number;
}

const fixed = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const signed = (n: number, digits: number) => (Number.isFinite(n) && n >= 0 ? '+' : '') + fixed(n, digits);

export function renderTable(rows: Row[], info: RunInfo, failures: string[]): string {
  const c = info.connections;
  const lines = [
    `| target | mode | req/s @${c} | p50 @1 (ms) | p99 @1 (ms) | req/s ratio vs floor | p50 delta vs floor (ms) | non-2xx / errors |`,
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const floor = rows.find((r) => r.target === info.floor && r.mode === row.mode);
    const ratio = floor ? row.throughput.reqPerSec / floor.throughput.reqPerSec : Number.NaN;
    const delta = floor ? row.latency.p50Ms - floor.latency.p50Ms : Number.NaN;
    const bad = (r: Throughput | Latency) => r.non2xx + r.errors;
    lines.push(
      `| ${row.target} | ${row.mode} | ${Math.round(row.throughput.reqPerSec)} | ${fixed(row.latency.p50Ms, 3)} | ${fixed(row.latency.p99Ms, 3)} | ${fixed(ratio, 2)} | ${signed(delta, 3)} | ${bad(row.throughput) + bad(row.latency)} |`,
    );
  }
  for (const failure of failures) lines.push('', `NOT MEASURED: ${failure}`);
  return lines.join('\n');
}

export function describeRun(info: RunInfo): string {
  const cpus = os.cpus();
  // A machine already busy before the run skews everything; say so next to the numbers.
  return `Node ${process.version}, ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, load average ${info.loadBefore.toFixed(1)} before the run; ${info.durationS} s per measurement; load generator, mock and proxies share these cores.`;
}

export async function writeResults(dir: URL, rows: Row[], info: RunInfo, table: string, failures: string[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  const generatedAt = new Date().toISOString();
  const summary = describeRun(info);
  await writeFile(new URL('latest.json', dir), JSON.stringify({ generatedAt, summary, ...info, rows, failures, table }, null, 2) + '\n');
  await writeFile(new URL('latest.md', dir), `# Benchmark ${generatedAt}\n\n${summary}\n\n${table}\n`);
}
