import type { Sql } from '../db/connect.js';
import { WriteMarks } from '../db/write-marks.js';
import { FailureStreak } from '../log/failure-streak.js';
import type { Logger } from '../log/logger.js';

interface UserDelta {
  quota: number;
  used: number;
  requests: number;
}
interface TokenDelta {
  remain: number;
  used: number;
  accessed: number;
  unlimited: boolean;
}
interface Batch {
  seq: number;
  users: Map<number, UserDelta>;
  tokens: Map<number, TokenDelta>;
  channels: Map<number, number>;
}

/**
 * Quota settlements and usage counters summed in memory per row and written every interval in one statement
 * (new-api's BATCH_UPDATE mode, always on). Deltas are additive, so several nodes
 * flushing into the same rows stay exact; a batch that fails is tried again whole under its key (WriteMarks), so
 * one whose answer was lost after it committed is not applied twice.
 */
export class BatchedCounters {
  private users = new Map<number, UserDelta>();
  private tokens = new Map<number, TokenDelta>();
  private channels = new Map<number, number>();
  private flushing: Promise<void> = Promise.resolve();
  /** the batch being written, or written without an answer: tried again, whole, under its key */
  private pending: Batch | null = null;
  private readonly marks = new WriteMarks('counters');

  private readonly flushes: FailureStreak;

  constructor(
    private readonly sql: Sql,
    log: Logger,
  ) {
    this.flushes = new FailureStreak('counter flush', log);
  }

  /** quotaDelta is subtracted from the balance (negative = refund). */
  addUser(id: number, quotaDelta: number, used: number, requests: number): void {
    const d = this.users.get(id) ?? { quota: 0, used: 0, requests: 0 };
    d.quota += quotaDelta;
    d.used += used;
    d.requests += requests;
    this.users.set(id, d);
  }

  addToken(id: number, delta: number, unlimited: boolean, now: number): void {
    const d = this.tokens.get(id) ?? { remain: 0, used: 0, accessed: 0, unlimited };
    d.remain += unlimited ? 0 : delta;
    d.used += delta;
    d.accessed = Math.max(d.accessed, now);
    this.tokens.set(id, d);
  }

  /** Usage only (leased reservations already moved the remaining quota). */
  addTokenUsage(id: number, used: number, now: number): void {
    const d = this.tokens.get(id) ?? { remain: 0, used: 0, accessed: 0, unlimited: true };
    d.used += used;
    d.accessed = Math.max(d.accessed, now);
    this.tokens.set(id, d);
  }

  addChannel(id: number, used: number): void {
    this.channels.set(id, (this.channels.get(id) ?? 0) + used);
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.flushOnce());
    return this.flushing;
  }

  private async flushOnce(): Promise<void> {
    // A batch that failed is written again as it was, under its key, before anything newer: its answer may have been
    // lost after it committed, and then its key says so and nothing is applied twice.
    if (this.pending && !(await this.write(this.pending))) return;
    if (this.users.size + this.tokens.size + this.channels.size === 0) return;
    const batch: Batch = { seq: this.marks.next(), users: this.users, tokens: this.tokens, channels: this.channels };
    this.users = new Map();
    this.tokens = new Map();
    this.channels = new Map();
    this.pending = batch;
    await this.write(batch);
  }

  /**
   * One statement for the three tables (ferryman_counters, sql/0018_reserve_lock_order.sql), under the batch's key:
   * it applies nothing when the key is there, so a batch whose answer was lost after it committed applies nothing
   * when it is sent again. The rows are locked by id, tokens before users, as every other writer of several locks
   * them. One statement rather than a transaction: on the embedded database a transaction holds the one session
   * across several turns of the relay thread's event loop, while every other statement waits. True once it has
   * committed (now or before).
   */
  private async write({ seq, users, tokens, channels }: Batch): Promise<boolean> {
    const u = JSON.stringify([...users].map(([id, d]) => ({ id, q: d.quota, u: d.used, r: d.requests })));
    const t = JSON.stringify([...tokens].map(([id, d]) => ({ id, q: d.remain, u: d.used, a: d.accessed })));
    const c = JSON.stringify([...channels].map(([id, used]) => ({ id, u: used })));
    try {
      await this.sql`
        SELECT ferryman_counters(${this.marks.writer}, ${seq}, ${this.marks.knownBelow()}, ${u}::text::json, ${t}::text::json, ${c}::text::json)`;
      this.marks.done(seq);
      this.pending = null;
      this.flushes.succeeded();
      return true;
    } catch (e) {
      this.flushes.failed(e);
      return false;
    }
  }
}
