import postgres from 'postgres';
import type { Sql } from '../db/connect.js';
import { WriteMarks } from '../db/write-marks.js';
import type { Logger } from '../log/logger.js';

export interface ReserveItem {
  u: number;
  t: number;
  a: number;
  /** the token is unlimited (ignored by the statement; a refund of an orphaned reservation needs it) */
  tu: boolean;
}

export interface ReserveRow {
  status: number;
  user_quota: number | null;
  token_quota: number | null;
}

interface Waiting {
  item: ReserveItem;
  resolve(row: ReserveRow | undefined): void;
  reject(e: unknown): void;
}

/** A statement that failed without an answer: its key and items, until the database says what it did. */
interface Unanswered {
  seq: number;
  items: ReserveItem[];
}

/** Reservations a failed statement had made after all (their requests were refused): handed back by the ledger. */
export type Orphaned = (items: ReserveItem[]) => void;

/** At most this many failed statements are followed up at once; past it the oldest is given up (and logged). */
const MAX_UNANSWERED = 10_000;
const RETRY_MS = [100, 200, 500, 1000, 2000, 5000];

/**
 * Coalesces concurrent reservations: while one statement is in flight, new requests queue and go out
 * together in the next one (ferryman_reserve_once). A lone request is sent at once, so latency at low
 * concurrency is one round trip; at high concurrency the database sees one statement per batch.
 *
 * Each statement runs under a write key (WriteMarks). When one fails, its requests are refused at once, and the key
 * is asked about again in the background until the database answers: had the statement committed with its answer
 * lost, the reservations it made are handed to `orphaned` (the ledger refunds them); had it not, the key is fenced so
 * it never will. One the database refused (an error answer) reserved nothing; one it rolled back to break a deadlock
 * (items of several users and tokens, locked in their order, against a counters statement locking them in its own)
 * is sent again.
 */
export class ReservationBatcher {
  private queue: Waiting[] = [];
  private inFlight = false;
  private readonly marks = new WriteMarks('reserve');
  private unanswered: Unanswered[] = [];
  private followUp: NodeJS.Timeout | null = null;
  private retries = 0;

  constructor(
    private readonly sql: Sql,
    private readonly log: Logger,
    private readonly orphaned: Orphaned,
    private readonly maxBatch = 256,
  ) {}

  submit(item: ReserveItem): Promise<ReserveRow | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.inFlight) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.inFlight = true;
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, this.maxBatch);
        const items = batch.map((w) => w.item);
        for (let attempt = 1; ; attempt++) {
          const seq = this.marks.next();
          try {
            const rows = await this.send(items, seq, true);
            this.marks.done(seq);
            const byIdx = new Map(rows.map((r) => [r.idx, r]));
            batch.forEach((w, i) => w.resolve(byIdx.get(i)));
          } catch (e) {
            if (neverSent(e) || refused(e)) this.marks.done(seq);
            // rolled back by the database to break a lock cycle with another writer's statement: sent again
            if (refused(e) && CONFLICTS.has(e.code) && attempt < MAX_CONFLICT_ATTEMPTS) continue;
            for (const w of batch) w.reject(e);
            if (!neverSent(e) && !refused(e)) this.followUpLater({ seq, items });
          }
          break;
        }
      }
    } finally {
      this.inFlight = false;
    }
  }

  private send(items: ReserveItem[], seq: number, apply: boolean): Promise<(ReserveRow & { idx: number })[]> {
    return this.sql<(ReserveRow & { idx: number })[]>`
      SELECT * FROM ferryman_reserve_once(${JSON.stringify(items)}::text::json, ${this.marks.writer}, ${seq}, ${this.marks.knownBelow()}, ${apply})`;
  }

  private followUpLater(u: Unanswered): void {
    this.unanswered.push(u);
    if (this.unanswered.length > MAX_UNANSWERED) {
      const dropped = this.unanswered.shift()!;
      this.marks.done(dropped.seq);
      this.log.error('a failed reservation statement was given up unchecked: had it committed, its reservations stay charged', { reservations: dropped.items.length });
    }
    this.scheduleFollowUp();
  }

  private scheduleFollowUp(): void {
    if (this.followUp || this.unanswered.length === 0) return;
    this.followUp = setTimeout(() => void this.askAgain(), RETRY_MS[Math.min(this.retries, RETRY_MS.length - 1)]);
    this.followUp.unref();
  }

  /** The failed statements' keys, oldest first, until the database answers for each. */
  private async askAgain(): Promise<void> {
    while (this.unanswered.length) {
      const u = this.unanswered[0]!;
      let rows: (ReserveRow & { idx: number })[];
      try {
        rows = await this.send(u.items, u.seq, false);
      } catch (e) {
        this.retries++;
        this.log.warn('asking what a failed reservation statement did failed; will retry', { error: String(e) });
        break;
      }
      this.retries = 0;
      this.unanswered.shift();
      this.marks.done(u.seq);
      const made = rows.filter((r) => r.status === 0).map((r) => u.items[r.idx]!);
      if (made.length) {
        this.log.warn('a reservation statement had committed with its answer lost; its reservations are refunded', { reservations: made.length });
        this.orphaned(made);
      }
    }
    this.followUp = null;
    this.scheduleFollowUp();
  }
}

/**
 * The database answered the statement with an error: it ran in a transaction of its own, rolled back, so nothing
 * was reserved and there is nothing to ask about. (FATAL, a connection ended by the server, is not counted: the
 * statement may have committed before it.)
 */
function refused(e: unknown): e is postgres.PostgresError {
  return e instanceof postgres.PostgresError && e.severity === 'ERROR';
}

/** deadlock_detected, serialization_failure: the statement lost a lock cycle, and the same statement may succeed now */
const CONFLICTS = new Set(['40P01', '40001']);
const MAX_CONFLICT_ATTEMPTS = 3;

/**
 * The statement failed before it reached the database (no connection could be made, or SQL_QUERY_TIMEOUT took it
 * out of the pool's queue: the driver's own 57014, where the server's is a PostgresError): nothing to ask about.
 */
function neverSent(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === '57014') return !(e instanceof postgres.PostgresError);
  return code === 'ECONNREFUSED' || code === 'CONNECT_TIMEOUT' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
}
