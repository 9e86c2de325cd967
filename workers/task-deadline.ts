/**
 * An abort signal in the EventEmitter shape Piscina accepts (it calls `once` and `removeListener`), fired
 * by a shared watchdog. `AbortSignal.timeout` per task costs ~100 µs of each round trip (a timer and an
 * EventTarget listener); this costs a Set insertion.
 */
export interface Deadline {
  /** True once the deadline passed and the abort listener was called. */
  readonly expired: boolean;
  /** Set when the task was aborted early by `abortAll`. */
  readonly reason: unknown;
  once(name: 'abort', listener: () => void): void;
  off(name: 'abort', listener: () => void): void;
  removeListener(name: 'abort', listener: () => void): void;
}

export interface Deadlines {
  /** A deadline `timeoutMs` from now. */
  start(): Deadline;
  /** Aborts every pending task now, e.g. when the pool has lost all its threads. */
  abortAll(reason: unknown): void;
}

class Entry implements Deadline {
  expired = false;
  reason: unknown;
  listener: (() => void) | undefined;
  constructor(
    readonly at: number,
    private readonly release: (entry: Entry) => void,
  ) {}
  once(_name: 'abort', listener: () => void): void {
    this.listener = listener;
  }
  /** The task settled: forget it. */
  off(): void {
    this.listener = undefined;
    this.release(this);
  }
  removeListener(): void {
    this.off();
  }
}

/**
 * One interval (period timeoutMs / 4, so a deadline fires up to 25 % late) runs only while a deadline is
 * pending. It keeps the process alive meanwhile, so a task stuck in a pool without threads still settles.
 */
export function createDeadlines(timeoutMs: number): Deadlines {
  const live = new Set<Entry>();
  let timer: NodeJS.Timeout | undefined;
  const release = (entry: Entry): void => {
    live.delete(entry);
    if (live.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  const fire = (entry: Entry): void => {
    const listener = entry.listener;
    release(entry);
    listener?.();
  };
  const tick = (): void => {
    const now = performance.now();
    for (const entry of live) {
      if (entry.at > now) continue;
      entry.expired = true;
      fire(entry);
    }
  };
  return {
    start() {
      const entry = new Entry(performance.now() + timeoutMs, release);
      live.add(entry);
      timer ??= setInterval(tick, Math.max(5, timeoutMs / 4));
      return entry;
    },
    abortAll(reason) {
      for (const entry of live) {
        entry.reason = reason;
        fire(entry);
      }
    },
  };
}
