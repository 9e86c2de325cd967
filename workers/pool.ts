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
  /**
   * Worker threads at most; default 1. Each thread that runs holds the encodings it has used (one holding
   * o200k_base adds ~65 MB to the process), and threads are started on demand and stop after 30 s idle.
   */
  maxThreads?: number;
  /**
   * Tasks with less text than this (UTF-16 code units ≈ bytes) are counted on the calling thread; default 0
   * (none). Above 0 the calling thread loads both encodings at start and keeps them (~55 MB).
   */
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
 *
 * Counting runs when an upstream reports no usage, after the answer has been delivered, and for count_tokens
 * requests, where the round trip adds ~0.2 ms (~0.5 s when the thread has to start and load its encoding).
 * Inline counting is therefore off by default, which keeps the encodings out of the main thread
 * (TOKEN_COUNT_INLINE_BELOW_BYTES=2048 turns it on at the threshold measured above).
 */
const DEFAULT_TIMEOUT_MS = 10_000;
/** An idle thread exits after this long, and the memory of its encodings goes with it. */
const IDLE_TIMEOUT_MS = 30_000;
/** Beyond this many queued tasks `count` rejects at once rather than letting the backlog grow. */
const MAX_QUEUE = 4096;
/**
 * A counting thread's young generation, in MB (V8's default lets it grow to 3 × 16 MB): measured on o200k_base
 * with 20 counts of a 100 KB text, 115–118 MB RSS instead of 133–139 MB, counting no slower (147–209 ms
 * against 110–334 ms, loaded machine).
 */
const YOUNG_GENERATION_MB = 4;

/**
 * The worker file beside this module: `.ts` when running from source under tsx (worker threads inherit
 * `--import tsx` through execArgv), `.js` from the compiled dist/.
 */
const here = import.meta.url;
export const WORKER_FILE = fileURLToPath(new URL(`./count-tokens.worker${extname(fileURLToPath(here))}`, here));

/**
 * Token counting off the event loop: a Piscina pool of up to `maxThreads` threads started on demand (none
 * at idle), except that with `inlineBelowBytes` small tasks are counted inline, where the worker round trip
 * would cost more than the count — once the encoding is resident on this thread (both are then loaded in
 * the background right after creation).
 *
 * Under vitest, which transforms TypeScript itself so worker threads cannot load the `.ts` worker, and when
 * running `.ts` sources without tsx, everything is counted inline.
 */
export function createTokenCounter(opts: TokenCounterOptions = {}): TokenCounter {
  // The one read of process.env outside core/config: it describes the test runner, not configuration.
  if (process.env.VITEST || !workerCanLoad()) return inlineCounter();
  const inlineBelow = opts.inlineBelowBytes ?? 0;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pool = new Piscina<CountTask, number>({
    filename: opts.workerFile ?? WORKER_FILE,
    minThreads: 0,
    maxThreads: Math.max(1, opts.maxThreads ?? 1),
    idleTimeout: IDLE_TIMEOUT_MS,
    maxQueue: MAX_QUEUE,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  const deadlines = createDeadlines(timeoutMs);
  // Without a listener these would crash the process. A thread that fails while starting is not replaced;
  // once none is left, the queued tasks are rejected now and later ones are counted inline.
  const onError = opts.onError ?? ((err: unknown) => createLogger(false).error('token counter worker failed', { error: String(err) }));
  let broken = false;
  pool.on('error', (err: unknown) => {
    onError(err);
    if (pool.threads.length > 0) return;
    broken = true;
    deadlines.abortAll(err);
  });
  let closed = false;
  if (inlineBelow > 0) warmThisThread();
  const small = (task: CountTask): boolean =>
    inlineBelow > 0 && isEncodingLoaded(encodingForModel(task.model)) && countTaskTextSize(task, inlineBelow) < inlineBelow;

  return {
    async count(task) {
      if (closed || broken || small(task)) return runCountTask(task);
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
