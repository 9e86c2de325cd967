import type postgres from 'postgres';
import type { Sql } from './connect.js';
import { instanceId } from './instance-id.js';

/**
 * The keys of one writer's writes in ferryman_writes (sql/0015_logs_write_marks.sql), so a write whose answer was
 * lost after it committed is not applied again when it is tried again: each write takes a key with next() on its
 * first attempt and keeps it for every retry, until an answer tells its outcome (done).
 */
export class WriteMarks {
  readonly writer: string;
  private last = 0;
  /** keys whose write has been tried without an answer yet (or is being tried) */
  private open = new Set<number>();

  constructor(what: string) {
    this.writer = `${what}:${instanceId()}`;
  }

  /** The key of a new write (its retries keep it). */
  next(): number {
    this.open.add(++this.last);
    return this.last;
  }

  /** The write of `seq` answered: applied now, or found applied before. Nothing asks about its key again. */
  done(seq: number): void {
    this.open.delete(seq);
  }

  /** Every key below this one has a known outcome; their rows may go. */
  knownBelow(): number {
    let low = this.last + 1;
    for (const seq of this.open) low = Math.min(low, seq);
    return low;
  }

  /**
   * The key as a common table expression, for a write's statement to begin `WITH ${claimed}`: `claimed` takes the key
   * of `seq` (ferryman_claim, sql/0019: the keys whose outcome is known go) and holds a row only when it is new, so
   * the statement's writes, each guarded by `EXISTS (SELECT 1 FROM claimed)`, apply nothing when the write has
   * committed already. An attempt still running is waited for (the key's insert conflicts with it once it commits).
   */
  claimed(sql: Sql, seq: number): postgres.PendingQuery<postgres.Row[]> {
    return sql`claimed AS (SELECT 1 WHERE ferryman_claim(${this.writer}, ${seq}, ${this.knownBelow()}))`;
  }

  /** The first statement of a write's transaction: false when the write of `seq` has committed already. */
  async claim(tx: Sql, seq: number): Promise<boolean> {
    return (await tx`WITH ${this.claimed(tx, seq)} SELECT 1 FROM claimed`).length === 1;
  }
}

/** Keys of writers that have gone (a process stopped or crashed) are kept a day, then deleted at a node's start. */
export async function forgetOldWriteMarks(sql: Sql): Promise<void> {
  await sql`DELETE FROM ferryman_writes WHERE at < floor(extract(epoch FROM now()))::bigint - 86400`;
}
