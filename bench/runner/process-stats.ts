// What a server process costs, read from /proc (Linux): resident memory, threads, CPU time, and where the
// resident memory sits. Read from outside, so the numbers cover every thread of the process (a database or
// token-counting thread included) without instrumenting the server.
import { readdir, readFile } from 'node:fs/promises';

/** USER_HZ: the unit of utime/stime in /proc/<pid>/stat; 100 on every mainstream Linux architecture. */
const CLOCK_TICKS_PER_S = 100;
const MB = 1024 * 1024;

export interface ProcessStatus {
  rssMb: number;
  /** Peak RSS since the process started. */
  hwmMb: number;
  threads: number;
}

/** /proc/<pid>/status → RSS, peak RSS and thread count. */
export function parseStatus(text: string): ProcessStatus {
  const field = (name: string): number => {
    const match = new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text);
    if (!match) throw new Error(`/proc status has no ${name}`);
    return Number(match[1]);
  };
  return { rssMb: field('VmRSS') / 1024, hwmMb: field('VmHWM') / 1024, threads: field('Threads') };
}

/** /proc/<pid>/stat → user + system CPU time of all its threads, in ms. */
export function parseStatCpuMs(text: string): number {
  // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3, utime 14 and stime 15 (proc(5)).
  const utime = Number(fields[14 - 3]);
  const stime = Number(fields[15 - 3]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error('/proc stat: no utime/stime');
  return ((utime + stime) * 1000) / CLOCK_TICKS_PER_S;
}

export interface MemoryBreakdown {
  /** Grown WebAssembly memories (PGlite's heap): read/write mappings in front of V8's guard reservation. */
  wasmMb: number;
  /** glibc's per-thread malloc arenas: 64 MB-aligned anonymous regions (ArrayBuffers, compiler scratch…). */
  arenasMb: number;
  /** The main thread's malloc heap (brk). */
  brkHeapMb: number;
  /** The node binary, shared libraries and native addons. */
  filesMb: number;
  /** Everything else: V8's JavaScript heaps and code of every thread, thread stacks, large mmaps. */
  otherMb: number;
}

/** How the footprint and soak reports name each kind, in the breakdown's order. */
export const KIND_LABELS: Record<keyof MemoryBreakdown, string> = {
  wasmMb: 'WebAssembly heap',
  arenasMb: 'malloc arenas',
  brkHeapMb: 'main malloc heap',
  filesMb: 'binary + libraries',
  otherMb: 'V8 heaps, stacks, other',
};
export const KINDS = Object.keys(KIND_LABELS) as Array<keyof MemoryBreakdown>;

interface Mapping {
  start: number;
  end: number;
  perms: string;
  name: string;
  rssKb: number;
}

const ARENA_ALIGN = 64 * MB;
/** V8 reserves ~8–10 GB of guard pages behind each 64-bit WebAssembly memory. */
const WASM_GUARD_MIN = 1024 * MB;

/** /proc/<pid>/smaps → resident memory by kind, in MB. */
export function breakdownSmaps(text: string): MemoryBreakdown {
  const maps: Mapping[] = [];
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      maps.push({ start: parseInt(head[1]!, 16), end: parseInt(head[2]!, 16), perms: head[3]!, name: head[4]!, rssKb: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length) maps[maps.length - 1]!.rssKb = Number(rss[1]);
  }
  const kb = { wasm: 0, arenas: 0, brk: 0, files: 0, other: 0 };
  maps.forEach((m, i) => {
    const next = maps[i + 1];
    if (m.name === '[heap]') kb.brk += m.rssKb;
    else if (m.name.startsWith('/')) kb.files += m.rssKb;
    else if (m.name === '' && m.perms.startsWith('rw') && next && next.start === m.end && next.perms.startsWith('---') && next.end - next.start >= WASM_GUARD_MIN) kb.wasm += m.rssKb;
    else if (m.name === '' && m.start % ARENA_ALIGN === 0 && m.end - m.start <= ARENA_ALIGN) kb.arenas += m.rssKb;
    else kb.other += m.rssKb;
  });
  const mb = (n: number) => n / 1024;
  return { wasmMb: mb(kb.wasm), arenasMb: mb(kb.arenas), brkHeapMb: mb(kb.brk), filesMb: mb(kb.files), otherMb: mb(kb.other) };
}

export async function processStatus(pid: number): Promise<ProcessStatus> {
  return parseStatus(await readFile(`/proc/${pid}/status`, 'utf8'));
}

export async function processCpuMs(pid: number): Promise<number> {
  return parseStatCpuMs(await readFile(`/proc/${pid}/stat`, 'utf8'));
}

/** Each thread's name and CPU ms (each /proc/<pid>/task/<tid>/stat), by thread id; a thread that ended between listing and reading is left out. */
export async function threadCpuMs(pid: number): Promise<Map<number, { name: string; ms: number }>> {
  const out = new Map<number, { name: string; ms: number }>();
  for (const tid of await readdir(`/proc/${pid}/task`)) {
    const text = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => null);
    if (text) out.set(Number(tid), { name: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')), ms: parseStatCpuMs(text) });
  }
  return out;
}

export async function processMemoryBreakdown(pid: number): Promise<MemoryBreakdown> {
  return breakdownSmaps(await readFile(`/proc/${pid}/smaps`, 'utf8'));
}
