import { describe, expect, it } from 'vitest';
import { breakdownSmaps, parseStatCpuMs, parseStatus, threadCpuMs } from './process-stats.js';

describe('process stats from /proc', () => {
  it('reads RSS, peak RSS and threads from status', () => {
    const status = 'Name:\tnode\nVmHWM:\t  262144 kB\nVmRSS:\t  204800 kB\nThreads:\t12\n';
    expect(parseStatus(status)).toEqual({ rssMb: 200, hwmMb: 256, threads: 12 });
  });

  it.each([
    ['a plain name', '4242 (node) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 120 0 0 20 0 12 0 100 0'],
    ['a name with spaces and parentheses', '4242 (my (odd) node) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 120 0 0 20 0 12 0 100 0'],
  ])('reads user + system CPU time from stat with %s', (_name, stat) => {
    // utime 250 + stime 120 ticks of 10 ms
    expect(parseStatCpuMs(stat)).toBe(3700);
  });

  it('sorts resident memory by kind', () => {
    const map = (range: string, perms: string, name: string, rssKb: number) => `${range} ${perms} 00000000 00:00 0    ${name}\nSize: 1 kB\nRss:   ${rssKb} kB\nPss: 0 kB\n`;
    const smaps = [
      map('00400000-00b6f000', 'r--p', '/usr/bin/node', 6144),
      map('1e633000-208e6000', 'rw-p', '[heap]', 3072),
      // a WebAssembly memory: 128 MB read/write, then ~8 GB of guard pages
      map('7f51f4000000-7f51fc000000', 'rw-p', '', 30720),
      map('7f51fc000000-7f53f4000000', '---p', '', 0),
      // a glibc arena: 64 MB-aligned, at most 64 MB
      map('7f5400000000-7f5401000000', 'rw-p', '', 16384),
      map('7f5401000000-7f5404000000', '---p', '', 0),
      // a V8 heap page elsewhere
      map('3fc9e0fc0000-3fc9e1000000', 'rw-p', '', 256),
    ].join('');
    expect(breakdownSmaps(smaps)).toEqual({ wasmMb: 30, arenasMb: 16, brkHeapMb: 3, filesMb: 6, otherMb: 0.25 });
  });
});

describe('threadCpuMs', () => {
  it('reads every thread of a process, its main thread (tid = pid) included, with its name and CPU time', async () => {
    const spin = Date.now() + 50;
    while (Date.now() < spin);
    const threads = await threadCpuMs(process.pid);
    const main = threads.get(process.pid);
    expect(main?.name).toBeTruthy();
    expect(main!.ms).toBeGreaterThan(0);
    expect(threads.size).toBeGreaterThan(1);
  });
});
