import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CompiledSensitiveList } from './compile-sensitive-list.js';
import { SensitiveMatcher } from './sensitive-matcher.js';

/** The worker beside this module: `.ts` when running from source, `.js` from the compiled dist/. */
const here = import.meta.url;
const WORKER_FILE = fileURLToPath(new URL(`./compile-sensitive-list.worker${extname(fileURLToPath(here))}`, here));

/**
 * From source (tsx, vitest) a worker thread cannot load a `.ts` entry, whatever execArgv says: tsx's
 * ESM hooks do not reach the thread's entry. Its CommonJS hook does, once registered inside the thread,
 * so the thread starts from a two-line script that registers it and requires the worker.
 */
function startWorker(list: string): Worker {
  if (WORKER_FILE.endsWith('.js')) return new Worker(WORKER_FILE, { workerData: list });
  const tsx = createRequire(here).resolve('tsx/cjs');
  return new Worker(`require(${JSON.stringify(tsx)}); require(${JSON.stringify(WORKER_FILE)});`, { eval: true, workerData: list });
}

/**
 * Compiles the list in a one-off worker thread and wraps the automaton it hands back. The event loop only
 * starts the thread and receives transferred buffers; the build itself (~0.5 s CPU for 100 000 words)
 * runs beside it. Rejects if the thread fails or exits without an answer.
 */
export function buildMatcherOffThread(list: string): Promise<SensitiveMatcher> {
  return new Promise((resolve, reject) => {
    // Not unref'd: a caller awaiting the build (ready() at boot, the bench) needs the thread to keep the
    // process alive until it answers; it exits by itself right after.
    const worker = startWorker(list);
    let settled = false;
    worker.once('message', (compiled: CompiledSensitiveList) => {
      settled = true;
      resolve(new SensitiveMatcher(compiled));
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`sensitive-word build thread exited with code ${code} before answering`));
    });
  });
}
