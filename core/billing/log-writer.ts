import type { Sql } from '../db/connect.js';
import type { LogRow } from '../db/rows.js';
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

// PostgreSQL text cannot hold NUL; one such byte in a model name would fail every later batch.
const NUL = /\u0000/g;
function withoutNul(row: NewLog): NewLog {
  const out = { ...row };
  for (const k of ['content', 'username', 'token_name', 'model_name', 'group', 'other'] as const) {
    if (out[k].includes('\u0000')) out[k] = out[k].replace(NUL, '');
  }
  return out;
}

/**
 * Log rows buffered and inserted in batches (one INSERT per flush), so the relay never waits on a log
 * write. A failed flush keeps the rows for the next attempt, bounded so a dead database cannot grow memory.
 */
export class LogWriter {
  private buffer: NewLog[] = [];
  private flushing: Promise<void> = Promise.resolve();
  dropped = 0;

  constructor(
    private readonly sql: Sql,
    private readonly log: Logger,
    private readonly maxBuffered = 50_000,
  ) {}

  add(row: NewLog): void {
    if (this.buffer.length >= this.maxBuffered) {
      this.dropped++;
      return;
    }
    this.buffer.push(withoutNul(row));
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.flushOnce());
    return this.flushing;
  }

  private async flushOnce(): Promise<void> {
    if (this.dropped) {
      this.log.error('log buffer full: rows were not recorded', { dropped: this.dropped });
      this.dropped = 0;
    }
    if (this.buffer.length === 0) return;
    const rows = this.buffer.splice(0, 250);
    try {
      await this.sql`
        INSERT INTO logs (user_id, created_at, type, content, username, token_name, model_name, quota, prompt_tokens,
                          completion_tokens, use_time, is_stream, channel_id, token_id, "group", other)
        SELECT user_id, created_at, type, content, username, token_name, model_name, quota, prompt_tokens,
               completion_tokens, use_time, is_stream, channel_id, token_id, "group", other
        FROM json_populate_recordset(null::logs, ${JSON.stringify(rows)}::text::json)`;
    } catch (e) {
      this.buffer.unshift(...rows);
      this.log.error('log flush failed; will retry', { error: String(e) });
      return;
    }
    if (this.buffer.length) await this.flushOnce();
  }
}
