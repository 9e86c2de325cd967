import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { encodingForModel } from '../core/tokenizer/encoding-for-model.js';
import { isEncodingLoaded, loadEncoding } from '../core/tokenizer/count-text.js';
import { createLogger } from '../core/log/logger.js';
import { countTaskTextSize } from './count-task-size.js';
import { type CountTask, runCountTask } from './count-tokens-task.js';
import { slimCountTask } from './slim-count-task.js';
import { createDeadlines } from './task-deadline.js';

export interface TokenCounter {
  /**
   * Resolves the count; rejects on a failing task, a crashed worker, a timeout or a full queue (the caller
   * falls back). After `close`, or once no worker thread can start, tasks are counted inline.
   */
  count(task: CountTask): Promise<number>;
  close(): Promise<void>;
}

export interface TokenCounterOptions {
  /** Worker threads at most; default 2 (the deployment machine has 2 cores). */
  maxThreads?: number;
  /** Tasks with less text than this (UTF-16 code units ≈ bytes) are counted on the calling thread. */
  inlineBelowBytes?: number;
  /** A pooled task still unfinished after this long, queueing included, is aborted (its thread replaced). */
  timeoutMs?: number;
  /** Errors outside any task, e.g. a thread failing to start; default: an error log line. */
  onError?: (err: unknown) => void;
  /** The worker entry; tests point it elsewhere. */
  workerFile?: string;
}

/**
 * Measured with `node --import tsx workers/measure-threshold.ts` (Node 20.20, 2 cores shared with other
 * builds — load average ~4, so treat single figures as ±30 %; warm encodings, cl100k, a fresh text per run).
 * Median µs per task: inline = the event loop blocked; pool = the caller's wait for a warm-pool round trip.
 *
 *   size     prose inline / pool    random-word inline / pool
 *   100 B          45 / 216               23 / 139
 *   512 B          46 / 197               59 / 184
 *   1 KB           77 / 252              103 / 228
 *   2 KB          136 / 297              185 / 359
 *   4 KB          254 / 426              364 / 653
 *   8 KB          435 / 575              678 / 908
 *   16 KB         857 / 1060            1341 / 2621
 *   64 KB        3830 / 4230            4827 / 6766
 *
 * A round trip adds a fixed ~120–170 µs (posting, waking the thread, the reply); inline counting costs
 * ~45–90 µs per KB. Below ~2 KB counting inline blocks the loop for less than the round trip's overhead;
 * above, the loop is blocked for longer than offloading costs, and the gap grows with size.
 */
export const DEFAULT_INLINE_BELOW_BYTES = 2048;
const DEFAULT_TIMEOUT_MS = 10_000;
/** Threads above minThreads exit after this long idle. */
const IDLE_TIMEOUT_MS = 30_000;
/** Beyond this many queued tasks `count` rejects at once rather than letting the backlog grow. */
const MAX_QUEUE = 4096;

/**
 * The worker file beside this module: `.ts` when running from source under tsx (worker threads inherit
 * `--import tsx` through execArgv), `.js` from the compiled dist/.
 */
const here = import.meta.url;
export const WORKER_FILE = fileURLToPath(new URL(`./count-tokens.worker${extname(fileURLToPath(here))}`, here));

/**
 * Token counting off the event loop: a Piscina pool (1 thread kept, up to `maxThreads`), except that
 * small tasks are counted inline, where the worker round trip would cost more than the count — once the
 * encoding is resident on this thread (both are loaded in the background right after creation).
 *
 * Under vitest, which transforms TypeScript itself so worker threads cannot load the `.ts` worker, and when
 * running `.ts` sources without tsx, everything is counted inline.
 */
export function createTokenCounter(opts: TokenCounterOptions = {}): TokenCounter {
  // The one read of process.env outside core/config: it describes the test runner, not configuration.
  if (process.env.VITEST || !workerCanLoad()) return inlineCounter();
  const inlineBelow = opts.inlineBelowBytes ?? DEFAULT_INLINE_BELOW_BYTES;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pool = new Piscina<CountTask, number>({
    filename: opts.workerFile ?? WORKER_FILE,
    minThreads: 1,
    maxThreads: Math.max(1, opts.maxThreads ?? 2),
    idleTimeout: IDLE_TIMEOUT_MS,
    maxQueue: MAX_QUEUE,
  });
  const deadlines = createDeadlines(timeoutMs);
  // Without a listener these would crash the process. A thread that fails while starting is not replaced;
  // once none is left, the queued tasks are rejected now and later ones are counted inline.
  const onError = opts.onError ?? ((err: unknown) => createLogger(false).error('token counter worker failed', { error: String(err) }));
  pool.on('error', (err: unknown) => {
    onError(err);
    if (pool.threads.length === 0) deadlines.abortAll(err);
  });
  let closed = false;
  if (inlineBelow > 0) warmThisThread();
  const small = (task: CountTask): boolean =>
    inlineBelow > 0 && isEncodingLoaded(encodingForModel(task.model)) && countTaskTextSize(task, inlineBelow) < inlineBelow;

  return {
    async count(task) {
      if (closed || pool.threads.length === 0 || small(task)) return runCountTask(task);
      const signal = deadlines.start();
      try {
        return await pool.run(slimCountTask(task), { signal });
      } catch (err) {
        // On an abort Piscina terminates the thread running the task (and starts another) or unqueues it.
        if (signal.expired) throw new Error(`token count timed out after ${timeoutMs} ms`, { cause: err });
        if (signal.reason !== undefined) throw signal.reason;
        throw err;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.close();
    },
  };
}

/** Counts everything on the calling thread; used under vitest and as the no-worker fallback. */
function inlineCounter(): TokenCounter {
  return {
    async count(task) {
      return runCountTask(task);
    },
    async close() {},
  };
}

/** A `.ts` worker loads only when a TypeScript loader (tsx) is in the execArgv the threads inherit. */
function workerCanLoad(): boolean {
  return !WORKER_FILE.endsWith('.ts') || process.execArgv.some((arg) => arg.includes('tsx'));
}

/**
 * Loads the encodings on this thread one per macrotask (~270 ms and ~420 ms of blocking) right after start,
 * before traffic, instead of inside the first small request. Until then small tasks go to the pool.
 */
function warmThisThread(): void {
  const first = setImmediate(() => {
    loadEncoding('cl100k_base');
    setImmediate(() => loadEncoding('o200k_base')).unref();
  });
  first.unref();
}
