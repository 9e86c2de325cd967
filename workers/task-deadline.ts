/**
 * An abort signal in the EventEmitter shape Piscina accepts (it calls `once` and `removeListener`), fired
 * by a shared watchdog. `AbortSignal.timeout` per task costs ~100 µs of each round trip (a timer and an
 * EventTarget listener); this costs a Set insertion.
 */
export interface Deadline {
  /** True once the deadline passed and the abort listener was called. */
  readonly expired: boolean;
  once(name: 'abort', listener: () => void): void;
  off(name: 'abort', listener: () => void): void;
  removeListener(name: 'abort', listener: () => void): void;
}

class Entry implements Deadline {
  expired = false;
  listener: (() => void) | undefined;
  constructor(
    readonly at: number,
    private readonly live: Set<Entry>,
  ) {}
  once(_name: 'abort', listener: () => void): void {
    this.listener = listener;
  }
  off(): void {
    this.listener = undefined;
    this.live.delete(this);
  }
  removeListener(): void {
    this.off();
  }
}

/**
 * Returns a factory of deadlines `timeoutMs` from now. One unref'd interval (period timeoutMs / 4, so a
 * deadline fires up to 25 % late) runs only while some deadline is pending.
 */
export function deadlineFactory(timeoutMs: number): () => Deadline {
  const live = new Set<Entry>();
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    const now = performance.now();
    for (const entry of live) {
      if (entry.at > now) continue;
      live.delete(entry);
      entry.expired = true;
      entry.listener?.();
    }
    if (live.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  return () => {
    const entry = new Entry(performance.now() + timeoutMs, live);
    live.add(entry);
    timer ??= setInterval(tick, Math.max(5, timeoutMs / 4)).unref();
    return entry;
  };
}
