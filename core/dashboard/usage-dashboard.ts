import type { Database } from '../db/connect.js';
import { FailureStreak } from '../log/failure-streak.js';
import type { Logger } from '../log/logger.js';
import type { OptionsStore } from '../options/options-store.js';
import { saveQuotaData, type QuotaBucket } from './save-quota-data.js';

/** quota_data.username and model_name are varchar(64). */
const COLUMN_CHARS = 64;

/**
 * Text that PostgreSQL will accept in a varchar(64): at most 64 characters (not UTF-16 units, so a
 * surrogate pair is never split) and no NUL. A value the database refused would fail every later flush.
 */
const column = (s: string): string =>
  s.length <= COLUMN_CHARS && !s.includes('\u0000') ? s : Array.from(s.replaceAll('\u0000', '')).slice(0, COLUMN_CHARS).join('');

/**
 * The data dashboard (new-api's quota_data, spec console-api.md §8.2). Every consume is added to an
 * in-memory bucket per (user, model, hour) while DataExportEnabled is on; the buckets are written every
 * DataExportInterval minutes (0: at the batch-write cadence) by incrementing existing rows.
 * Memory is bounded: past maxBuckets distinct buckets a flush is started early and consumes for new
 * buckets are dropped (counted and reported) until it lands; existing buckets keep counting.
 */
export class UsageDashboard {
  private buffer = new Map<string, QuotaBucket>();
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private earlyFlush = false;
  dropped = 0;
  private readonly flushes: FailureStreak;

  constructor(
    private readonly db: Database,
    private readonly options: OptionsStore,
    private readonly log: Logger,
    /** BATCH_UPDATE_INTERVAL: the flush period when DataExportInterval is 0 */
    private readonly batchSeconds: number,
    private readonly maxBuckets = 100_000,
  ) {
    this.flushes = new FailureStreak('dashboard flush', log);
    options.onChange((key) => {
      if (key === 'DataExportInterval' && this.started) this.schedule();
    });
  }

  /** Called by the relay for every consume log; createdAt is unix seconds. */
  recordUsage(userId: number, username: string, modelName: string, createdAt: number, quota: number, tokens: number): void {
    if (!this.options.bool('DataExportEnabled')) return;
    const bucket: QuotaBucket = {
      user_id: userId,
      username: column(username),
      model_name: column(modelName),
      created_at: createdAt - (createdAt % 3600),
      count: 1,
      quota,
      token_used: tokens,
    };
    const key = `${bucket.user_id}\u0000${bucket.username}\u0000${bucket.model_name}\u0000${bucket.created_at}`;
    const existing = this.buffer.get(key);
    if (existing) return add(existing, bucket);
    if (this.buffer.size >= this.maxBuckets) {
      this.dropped++;
      // One early flush at a time, so a burst past the cap does not queue a flush per consume.
      if (!this.earlyFlush) {
        this.earlyFlush = true;
        void this.flush().finally(() => (this.earlyFlush = false));
      }
      return;
    }
    this.buffer.set(key, bucket);
  }

  get pending(): number {
    return this.buffer.size;
  }

  /** Writes the buffered buckets; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.flushOnce());
    return this.flushing;
  }

  start(): void {
    this.started = true;
    this.schedule();
  }

  /** Stops the timer and writes what is left, so a graceful shutdown loses nothing. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    const minutes = this.options.number('DataExportInterval');
    const ms = minutes > 0 ? minutes * 60_000 : this.batchSeconds * 1000;
    this.timer = setTimeout(() => {
      void this.flush().finally(() => {
        if (this.started) this.schedule();
      });
    }, ms);
    this.timer.unref();
  }

  private async flushOnce(): Promise<void> {
    if (this.dropped) {
      this.log.warn('dashboard buffer full: consumes for new buckets were not counted', { dropped: this.dropped });
      this.dropped = 0;
    }
    if (this.buffer.size === 0) return;
    const taken = this.buffer;
    this.buffer = new Map();
    try {
      await saveQuotaData(this.db.sql, [...taken.values()], this.db.kind === 'postgres');
      this.flushes.succeeded();
    } catch (e) {
      // Put the counts back so the next flush retries them; buckets recorded meanwhile are merged.
      for (const [key, bucket] of taken) {
        const existing = this.buffer.get(key);
        if (existing) add(existing, bucket);
        else this.buffer.set(key, bucket);
      }
      this.flushes.failed(e, { buckets: taken.size });
    }
  }
}

function add(into: QuotaBucket, from: QuotaBucket): void {
  into.count += from.count;
  into.quota += from.quota;
  into.token_used += from.token_used;
}
