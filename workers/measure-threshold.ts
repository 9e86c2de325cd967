/**
 * Measures where counting inline stops being cheaper than a worker round trip, for the table in
 * pool.ts (TOKEN_COUNT_INLINE_BELOW_BYTES). Run from the repository root: `node --import tsx workers/measure-threshold.ts`.
 *
 * For each size it times, with warm encodings on both sides and a fresh text per run (so gpt-tokenizer's
 * merge cache does not flatter repeated input), the median of:
 *   inline — runCountTask on this thread (what the event loop would be blocked for);
 *   pool   — a round trip through a warm 2-thread pool, one task at a time (what the caller waits);
 *   post   — of that round trip, the synchronous part on this thread (sizing, cloning, posting the task).
 * Two corpora: "prose" (common English words, cache-friendly like real chat) and "random" (made-up words).
 */
import { performance } from 'node:perf_hooks';
import { loadEncoding } from '../core/tokenizer/count-text.js';
import { type CountTask, runCountTask } from './count-tokens-task.js';
import { createTokenCounter } from './pool.js';

const SIZES = [100, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536];
const RUNS = 100;
const WORDS =
  'the of and to in is you that it he was for on are as with his they at be this have from or one had by word but not what all were we when your can said there use an each which she do how their if will up other about out many then them these so some her would make like him into time has look two more write go see number no way could people my than first water been call who oil its now find long down day did get come made may part'.split(' ');
const SYLLABLES = ['ka', 'zu', 'mer', 'tol', 'vix', 'bra', 'qui', 'sno', 'plu', 'dre', 'fay', 'gom', 'hep', 'jun', 'lyr', 'wex'];

let seed = 42;
const rand = (n: number): number => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % n;
};
const pick = <T>(xs: T[]): T => xs[rand(xs.length)] as T;

function text(size: number, corpus: 'prose' | 'random'): string {
  let out = '';
  while (out.length < size) {
    const word = corpus === 'prose' ? pick(WORDS) : Array.from({ length: 1 + rand(3) }, () => pick(SYLLABLES)).join('');
    out += (rand(12) === 0 ? '. ' : ' ') + word;
  }
  return out.slice(0, size);
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main(): Promise<void> {
  loadEncoding('cl100k_base');
  loadEncoding('o200k_base');
  const counter = createTokenCounter({ inlineBelowBytes: 0 });
  const task = (t: string): CountTask => ({ kind: 'text', model: 'gpt-4', text: t });
  for (let i = 0; i < 200; i++) await counter.count(task(text(2048, 'random'))); // warm both threads and the JIT

  console.log('corpus    size   inline µs   pool µs   post µs');
  for (const corpus of ['prose', 'random'] as const) {
    for (const size of SIZES) {
      const inline: number[] = [];
      const pooled: number[] = [];
      const loop: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const a = task(text(size, corpus));
        let t = performance.now();
        runCountTask(a);
        inline.push((performance.now() - t) * 1000);
        const b = task(text(size, corpus));
        t = performance.now();
        const pending = counter.count(b);
        loop.push((performance.now() - t) * 1000);
        await pending;
        pooled.push((performance.now() - t) * 1000);
      }
      const row = [corpus.padEnd(7), String(size).padStart(6), median(inline).toFixed(0).padStart(12), median(pooled).toFixed(0).padStart(9), median(loop).toFixed(0).padStart(9)];
      console.log(row.join(' '));
    }
  }
  await counter.close();
}

await main();
