import type { Database, Sql } from '../db/connect.js';
import type { LogRow } from '../db/rows.js';
import { copyIn } from '../db/copy-in.js';
import { copyTextRow } from '../db/copy-text.js';
import { WriteMarks } from '../db/write-marks.js';
import { FailureStreak } from '../log/failure-streak.js';
import type { Logger } from '../log/logger.js';

export type NewLog = Omit<LogRow, 'id'>;

/** A log row with new-api's empty defaults for every field not given (console and error logs). */
export function newLog(fields: Pick<NewLog, 'type' | 'content'> & Partial<NewLog>): NewLog {
  return {
    user_id: 0,
    created_at: Math.floor(Date.now() / 1000),
    username: '',
    token_name: '',
    model_name: '',
    quota: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    use_time: 0,
    is_stream: false,
    channel_id: 0,
    token_id: 0,
    group: '',
    other: '',
    ...fields,
  };
}

/**
 * For a statement on the main database that writes a log row with its change (a top-up's credit): null when the
 * logs table is there, else a sink into the writer, since the row must go to LOG_SQL_DSN's database instead.
 */
export function logsElsewhere(db: Pick<Database, 'sql' | 'logSql'>, logs: LogWriter): ((row: Pick<NewLog, 'type' | 'content'> & Partial<NewLog>) => void) | null {
  return db.logSql === db.sql ? null : (row) => logs.add(newLog(row));
}

// PostgreSQL text cannot hold NUL; one such byte in a model name would fail every later batch.
const NUL = /\u0000/g;
const TEXT_COLUMNS = ['content', 'username', 'token_name', 'model_name', 'group', 'other'] as const;
function withoutNul(row: NewLog): NewLog {
  if (!TEXT_COLUMNS.some((k) => row[k].includes('\u0000'))) return row;
  const out = { ...row };
  for (const k of TEXT_COLUMNS) out[k] = out[k].replace(NUL, '');
  return out;
}

const COPY_LOGS = `COPY logs (user_id, created_at, type, content, username, token_name, model_name, quota, prompt_tokens,
  completion_tokens, use_time, is_stream, channel_id, token_id, "group", other) FROM STDIN`;

/** A batch of rows in COPY's text format, as bytes, and how many rows it holds. */
interface Batch {
  data: Buffer;
  used: number;
  rows: number;
  /** its key once a COPY of it has been tried, kept for every retry (WriteMarks) */
  seq: number | null;
}

export interface LogWriterOptions {
  /**
   * Each COPY runs in a transaction under a write key (WriteMarks), so one whose answer is lost after it committed
   * is not written twice (default). Off for the embedded database: its in-process socket loses no answer, and a
   * transaction there holds its one session from BEGIN to COMMIT, across several turns of the relay thread's event
   * loop, while every other statement (lease refills included) waits.
   */
  keyed?: boolean;
  /** rows buffered at most while the database cannot take them; more are dropped (and counted) */
  maxBuffered?: number;
  batchRows?: number;
}

/** Room for a typical batch of consume rows (~400 bytes each); a batch that needs more grows. */
const BATCH_BYTES = 128 * 1024;

/**
 * Log rows buffered and inserted in batches of up to 250 (one COPY each), at every tick or as soon as
 * a batch is full, so the relay never waits on a log write. A failed flush keeps the rows for the next
 * attempt, bounded so a dead database cannot grow memory; an attempt whose answer was lost after it committed is
 * not written again (copyIn's key).
 *
 * A row is written into its batch's bytes as it arrives: what waits for the COPY is one buffer per batch outside
 * V8's heap, where row objects and their strings would live through young collections and be copied into the old
 * generation (the rows of a batch arrive over tens of milliseconds, several collections under load).
 */
export class LogWriter {
  /** full batches, oldest first; the last one is still filling when its row count is under the batch size */
  private batches: Batch[] = [];
  /** the buffer of the last batch written, for the next one: under steady load two buffers take turns, none is allocated */
  private spare: Buffer | null = null;
  private buffered = 0;
  private flushing: Promise<boolean> = Promise.resolve(true);
  private flushesQueued = 0;
  /** the last flush failed: wait for the timer's retry instead of hammering a database that is down */
  private failing = false;
  private readonly marks: WriteMarks | null;
  private readonly maxBuffered: number;
  private readonly batchRows: number;
  dropped = 0;
  private readonly flushes: FailureStreak;

  constructor(
    private readonly sql: Sql,
    private readonly log: Logger,
    opts: LogWriterOptions = {},
  ) {
    this.flushes = new FailureStreak('log flush', log);
    this.marks = opts.keyed === false ? null : new WriteMarks('logs');
    this.maxBuffered = opts.maxBuffered ?? 50_000;
    this.batchRows = opts.batchRows ?? 250;
  }

  add(row: NewLog): void {
    if (this.buffered >= this.maxBuffered) {
      this.dropped++;
      return;
    }
    const r = withoutNul(row);
    const line = copyTextRow([r.user_id, r.created_at, r.type, r.content, r.username, r.token_name, r.model_name, r.quota,
      r.prompt_tokens, r.completion_tokens, r.use_time, r.is_stream, r.channel_id, r.token_id, r.group, r.other]);
    let batch = this.batches.at(-1);
    if (!batch || batch.rows >= this.batchRows) this.batches.push((batch = this.newBatch()));
    const bytes = Buffer.byteLength(line);
    if (batch.used + bytes > batch.data.length) {
      const grown = Buffer.allocUnsafe(Math.max(batch.data.length * 2, batch.used + bytes));
      batch.data.copy(grown, 0, 0, batch.used);
      batch.data = grown;
    }
    batch.used += batch.data.write(line, batch.used);
    batch.rows++;
    this.buffered++;
    // A full batch goes out now rather than at the next tick: the database works evenly, and a batch's buffer is
    // reused by the allocator rather than held.
    if (batch.rows >= this.batchRows && this.flushesQueued === 0 && !this.failing) void this.flush(this.batchRows);
  }

  private newBatch(): Batch {
    const data = this.spare ?? Buffer.allocUnsafe(BATCH_BYTES);
    this.spare = null;
    return { data, used: 0, rows: 0, seq: null };
  }

  /**
   * Writes the buffered rows; `minRows` > 1 writes full batches only and leaves the rest for the tick. True when
   * every batch due was written.
   */
  flush(minRows = 1): Promise<boolean> {
    this.flushesQueued++;
    this.flushing = this.flushing.then(() => this.flushOnce(minRows)).finally(() => this.flushesQueued--);
    return this.flushing;
  }

  private async flushOnce(minRows: number): Promise<boolean> {
    if (this.dropped) {
      this.log.error('log buffer full: rows were not recorded', { dropped: this.dropped });
      this.dropped = 0;
    }
    // The batches buffered now and no more: under steady load rows keep arriving while a batch is written, and a
    // flush that chased them would not end, holding back the counters written after it (flushCharges).
    let due = this.batches.length;
    while (due > 0 && this.batches[0]!.rows >= minRows) {
      // taken out, a batch still filling is closed: later rows start the next one
      const batch = this.batches.shift()!;
      due--;
      try {
        // COPY reads each value straight into its column, where an INSERT of unnest(arrays) parsed the arrays and
        // then unpacked them row by row: PGlite alone, 52–81 against 70–120 µs a row (README, Performance).
        const marks = this.marks;
        if (marks) batch.seq ??= marks.next();
        await copyIn(this.sql, COPY_LOGS, batch.data.subarray(0, batch.used), marks && { marks, seq: batch.seq! });
        this.buffered -= batch.rows;
        this.failing = false;
        this.flushes.succeeded();
        // the driver copied the data into its own message as it was written
        if (batch.data.length === BATCH_BYTES) this.spare = batch.data;
      } catch (e) {
        this.batches.unshift(batch);
        this.failing = true;
        this.flushes.failed(e);
        return false;
      }
    }
    return true;
  }
}
