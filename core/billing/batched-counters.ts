import type { Sql } from '../db/connect.js';
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

/**
 * Quota settlements and usage counters summed in memory per row and written every interval as one
 * statement per table (new-api's BATCH_UPDATE mode, always on). Deltas are additive, so several nodes
 * flushing into the same rows stay exact.
 */
export class BatchedCounters {
  private users = new Map<number, UserDelta>();
  private tokens = new Map<number, TokenDelta>();
  private channels = new Map<number, number>();
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly sql: Sql,
    private readonly log: Logger,
  ) {}

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
    // Each table's deltas leave their map once their own statement has committed: after a failure only the
    // tables not yet written are put back, so a committed table is never written twice.
    let users = this.users;
    let tokens = this.tokens;
    let channels = this.channels;
    this.users = new Map();
    this.tokens = new Map();
    this.channels = new Map();
    try {
      if (users.size) {
        const rows = JSON.stringify([...users].map(([id, d]) => ({ id, q: d.quota, u: d.used, r: d.requests })));
        await this.sql`
          UPDATE users SET quota = users.quota - d.q, used_quota = users.used_quota + d.u, request_count = users.request_count + d.r
          FROM json_to_recordset(${rows}::text::json) AS d(id bigint, q bigint, u bigint, r bigint) WHERE users.id = d.id`;
        users = new Map();
      }
      if (tokens.size) {
        const rows = JSON.stringify([...tokens].map(([id, d]) => ({ id, q: d.remain, u: d.used, a: d.accessed })));
        await this.sql`
          UPDATE tokens SET remain_quota = tokens.remain_quota - d.q, used_quota = tokens.used_quota + d.u,
                            accessed_time = GREATEST(tokens.accessed_time, d.a)
          FROM json_to_recordset(${rows}::text::json) AS d(id bigint, q bigint, u bigint, a bigint) WHERE tokens.id = d.id`;
        tokens = new Map();
      }
      if (channels.size) {
        const rows = JSON.stringify([...channels].map(([id, u]) => ({ id, u })));
        await this.sql`
          UPDATE channels SET used_quota = channels.used_quota + d.u
          FROM json_to_recordset(${rows}::text::json) AS d(id bigint, u bigint) WHERE channels.id = d.id`;
        channels = new Map();
      }
    } catch (e) {
      // Put the unwritten deltas back so the next flush retries them: a lost delta would be lost money.
      for (const [id, d] of users) this.addUser(id, d.quota, d.used, d.requests);
      for (const [id, d] of tokens) {
        const t = this.tokens.get(id) ?? { remain: 0, used: 0, accessed: 0, unlimited: d.unlimited };
        t.remain += d.remain;
        t.used += d.used;
        t.accessed = Math.max(t.accessed, d.accessed);
        this.tokens.set(id, t);
      }
      for (const [id, u] of channels) this.addChannel(id, u);
      this.log.error('counter flush failed; will retry', { error: String(e) });
    }
  }
}
