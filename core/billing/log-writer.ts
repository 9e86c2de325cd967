import type { Database, Sql } from '../db/connect.js';
import type { LogRow } from '../db/rows.js';
import { copyIn } from '../db/copy-in.js';
import { copyTextRow } from '../db/copy-text.js';
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

/**
 * Log rows buffered and inserted in batches of up to 250 (one COPY each), at every tick or as soon as
 * a batch is full, so the relay never waits on a log write. A failed flush keeps the rows for the next
 * attempt, bounded so a dead database cannot grow memory.
 */
export class LogWriter {
  private buffer: NewLog[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private flushesQueued = 0;
  /** the last flush failed: wait for the timer's retry instead of hammering a database that is down */
  private failing = false;
  dropped = 0;

  constructor(
    private readonly sql: Sql,
    private readonly log: Logger,
    private readonly maxBuffered = 50_000,
    private readonly batchRows = 250,
  ) {}

  add(row: NewLog): void {
    if (this.buffer.length >= this.maxBuffered) {
      this.dropped++;
      return;
    }
    this.buffer.push(withoutNul(row));
    // A full batch goes out now rather than at the next tick: rows die young (cheap for the garbage
    // collector, which otherwise promotes a second's worth of them) and the database works evenly.
    if (this.buffer.length >= this.batchRows && this.flushesQueued === 0 && !this.failing) void this.flush(this.batchRows);
  }

  /** Writes the buffered rows; `minRows` > 1 writes full batches only and leaves the rest for the tick. */
  flush(minRows = 1): Promise<void> {
    this.flushesQueued++;
    this.flushing = this.flushing.then(() => this.flushOnce(minRows)).finally(() => this.flushesQueued--);
    return this.flushing;
  }

  private async flushOnce(minRows: number): Promise<void> {
    if (this.dropped) {
      this.log.error('log buffer full: rows were not recorded', { dropped: this.dropped });
      this.dropped = 0;
    }
    // The rows buffered now and no more: under steady load rows keep arriving while a batch is written, and a
    // flush that chased them would not end, holding back the counters written after it (flushAll in main.ts).
    let due = this.buffer.length;
    while (due > 0 && due >= minRows) {
      const rows = this.buffer.splice(0, Math.min(due, this.batchRows));
      due -= rows.length;
      let data = '';
      for (const r of rows) {
        data += copyTextRow([r.user_id, r.created_at, r.type, r.content, r.username, r.token_name, r.model_name, r.quota,
          r.prompt_tokens, r.completion_tokens, r.use_time, r.is_stream, r.channel_id, r.token_id, r.group, r.other]);
      }
      try {
        // COPY reads each value straight into its column, where an INSERT of unnest(arrays) parsed the arrays and
        // then unpacked them row by row: PGlite alone, 52–81 against 70–120 µs a row (README, Performance).
        await copyIn(this.sql, COPY_LOGS, data);
        this.failing = false;
      } catch (e) {
        this.buffer.unshift(...rows);
        this.failing = true;
        this.log.error('log flush failed; will retry', { error: String(e) });
        return;
      }
    }
  }
}
