import type { Sql } from '../db/connect.js';
import type { Logger } from '../log/logger.js';
import type { BatchedCounters } from './batched-counters.js';
import { QuotaLeases } from './quota-leases.js';
import { ReservationBatcher } from './reservation-batcher.js';

export interface Reservation {
  userId: number;
  /** 0 for requests without a token (playground) */
  tokenId: number;
  tokenUnlimited: boolean;
  amount: number;
  done: boolean;
  /** the user's balance right after the reservation (for the low-balance notification) */
  userQuotaAfter: number;
}

export type ReserveOutcome =
  | { ok: true; reservation: Reservation }
  | { ok: false; reason: 'user' | 'token' | 'token_missing'; userQuota: number; tokenQuota: number };

/**
 * reserve → settle | refund, exactly once per request. Two strategies behind one interface:
 * - `lease` (embedded database, one node): reservations come from quota leased into memory (QuotaLeases),
 *   so most requests cost no database round trip;
 * - `statement` (shared PostgreSQL, possibly many nodes): one conditional statement per reservation
 *   (ferryman_reserve, coalesced by ReservationBatcher), so concurrent nodes can never overdraw.
 * Settlement and refunds are additive deltas flushed in batches either way.
 */
export class QuotaLedger {
  private readonly batcher: ReservationBatcher;
  readonly leases: QuotaLeases | null;

  constructor(
    sql: Sql,
    private readonly counters: BatchedCounters,
    mode: 'lease' | 'statement',
    log: Logger,
  ) {
    this.batcher = new ReservationBatcher(sql);
    this.leases = mode === 'lease' ? new QuotaLeases(sql, log) : null;
  }

  /**
   * A user row's balance as people should see it: quota leased into this node's memory is still theirs.
   * Console views and admin edits (applied as deltas) use this, so an edit never double-counts a lease.
   */
  withLeased<T extends { id: number; quota: number }>(row: T): T {
    const held = this.leases?.held('u', row.id) ?? 0;
    return held === 0 ? row : { ...row, quota: row.quota + held };
  }

  async reserve(userId: number, tokenId: number, tokenUnlimited: boolean, amount: number): Promise<ReserveOutcome> {
    const reservation: Reservation = { userId, tokenId, tokenUnlimited, amount: Math.max(0, Math.floor(amount)), done: false, userQuotaAfter: Number.MAX_SAFE_INTEGER };
    if (reservation.amount === 0) return { ok: true, reservation };
    if (this.leases) {
      const r = await this.leases.reserve(userId, tokenId, !tokenUnlimited, reservation.amount);
      if (!r.ok) return r;
      reservation.userQuotaAfter = r.userQuotaAfter;
      return { ok: true, reservation };
    }
    const row = await this.batcher.submit({ u: userId, t: tokenId, a: reservation.amount });
    const status = row?.status ?? 1;
    if (status === 0) {
      reservation.userQuotaAfter = row?.user_quota ?? 0;
      return { ok: true, reservation };
    }
    const reason = status === 2 ? 'token' : status === 3 ? 'token_missing' : 'user';
    return { ok: false, reason, userQuota: row?.user_quota ?? 0, tokenQuota: row?.token_quota ?? 0 };
  }

  /**
   * Charges `actual` against the reservation. Counters (used_quota, request_count, channel used) move only
   * when the request consumed tokens, as new-api does for zero-usage answers.
   */
  settle(r: Reservation, actual: number, channelId: number, countUsage: boolean, now = Math.floor(Date.now() / 1000)): void {
    if (r.done) return;
    r.done = true;
    const limitedToken = r.tokenId > 0 && !r.tokenUnlimited;
    if (this.leases && r.amount > 0) {
      this.leases.finish('u', r.userId, r.amount, actual);
      if (limitedToken) this.leases.finish('t', r.tokenId, r.amount, actual);
      this.counters.addUser(r.userId, 0, countUsage ? actual : 0, countUsage ? 1 : 0);
      if (r.tokenId > 0) this.counters.addTokenUsage(r.tokenId, actual, now);
    } else {
      const delta = actual - r.amount;
      this.counters.addUser(r.userId, delta, countUsage ? actual : 0, countUsage ? 1 : 0);
      if (r.tokenId > 0) this.counters.addToken(r.tokenId, delta, r.tokenUnlimited, now);
    }
    if (countUsage && channelId > 0) this.counters.addChannel(channelId, actual);
  }

  refund(r: Reservation): void {
    if (r.done) return;
    r.done = true;
    if (r.amount === 0) return;
    if (this.leases) {
      this.leases.finish('u', r.userId, r.amount, 0);
      if (r.tokenId > 0 && !r.tokenUnlimited) this.leases.finish('t', r.tokenId, r.amount, 0);
      return;
    }
    this.counters.addUser(r.userId, -r.amount, 0, 0);
    if (r.tokenId > 0) this.counters.addToken(r.tokenId, -r.amount, r.tokenUnlimited, 0);
  }
}
