import { LRUCache } from 'lru-cache';
import { entryBound } from '../cache/entry-bound.js';

const HOUR_MS = 3_600_000;

/**
 * new-api's notification limit (service/notify-limit.go): at most NOTIFY_LIMIT_COUNT notifications per user and
 * type under one key `<uid>:<type>:<YYYYMMDDHH>` (the local clock hour), whose count lasts
 * NOTIFICATION_LIMIT_DURATION_MINUTE from the first notice. Where the counts live decides who shares them: one
 * process's memory without Redis (a relay thread asks the main thread, so the process counts once, as new-api's
 * memory store), Redis when REDIS_CONN_STRING is set (every node, as new-api with Redis).
 */
export interface NotifyLimit {
  /** Counts the attempt and tells whether it is within the limit. */
  allow(userId: number, type: string): boolean | Promise<boolean>;
}

/** The clock hour of a key, in local time as Go's `time.Now().Format("2006010215")`. */
export function notifyHour(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}${two(d.getHours())}`;
}

/**
 * The in-memory store. Counters live in a bounded LRU whose entries expire with their window, so memory stays
 * flat however many users are notified.
 */
export class NotifyThrottle implements NotifyLimit {
  private readonly counts: LRUCache<string, { count: number; since: number }>;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.counts = new LRUCache({ ...entryBound(100_000), ttl: Math.min(windowMs, HOUR_MS) });
  }

  allow(userId: number, type: string): boolean {
    const now = this.now();
    const key = `${userId}:${type}:${notifyHour(now)}`;
    const held = this.counts.get(key);
    // the count starts again once its window has passed, even within the same hour (new-api's memory store)
    const entry = held && now - held.since < this.windowMs ? held : { count: 0, since: now };
    entry.count++;
    this.counts.set(key, entry);
    return entry.count <= this.limit;
  }
}

/** The in-memory store with the limit and window of the environment. */
export function memoryNotifyThrottle(env: { NOTIFY_LIMIT_COUNT: number; NOTIFICATION_LIMIT_DURATION_MINUTE: number }): NotifyThrottle {
  return new NotifyThrottle(env.NOTIFY_LIMIT_COUNT, env.NOTIFICATION_LIMIT_DURATION_MINUTE * 60_000);
}
