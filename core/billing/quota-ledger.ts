import { whenReady, type MaybePromise } from '../async/when-ready.js';
import type { Sql } from '../db/connect.js';
import type { LeasesSeen } from '../db/repositories/users.js';
import type { Logger } from '../log/logger.js';
import type { BatchedCounters } from './batched-counters.js';
import { QuotaLeases, type LeaseOutcome, type LeaseSlice } from './quota-leases.js';
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
  /** the leased slices the reservation came from (lease mode, amount > 0) */
  slices: { user: LeaseSlice; token: LeaseSlice | null } | null;
}

/** What a settlement took: at most what the reservation and the user's balance covered, and what they did not. */
export interface Settlement {
  charged: number;
  /** owed beyond the reservation and the whole balance: not taken, recorded by the caller */
  shortfall: number;
}

export type ReserveOutcome =
  | { ok: true; reservation: Reservation }
  | { ok: false; reason: 'user' | 'token' | 'token_missing'; userQuota: number; tokenQuota: number };

function leased(reservation: Reservation, r: LeaseOutcome): ReserveOutcome {
  if (!r.ok) return r;
  reservation.userQuotaAfter = r.userQuotaAfter;
  reservation.slices = { user: r.user, token: r.token };
  return { ok: true, reservation };
}

/**
 * reserve → settle | refund, exactly once per request. Two strategies behind one interface:
 * - `lease` (the default on both databases): reservations come from quota leased into memory
 *   (QuotaLeases), so most requests cost no database round trip; on a shared PostgreSQL each node leases
 *   its own slices, so nodes can never overdraw together;
 * - `statement` (QUOTA_LEASES=false on PostgreSQL): one conditional statement per reservation
 *   (ferryman_reserve, coalesced by ReservationBatcher under a write key).
 * Settlement and refunds are additive deltas flushed in batches either way.
 */
export class QuotaLedger {
  private readonly batcher: ReservationBatcher;
  readonly leases: QuotaLeases | null;

  constructor(
    private readonly sql: Sql,
    private readonly counters: BatchedCounters,
    mode: { kind: 'lease'; heartbeatTimeoutS: number | null; idleMs?: number; turnWaitMs?: number } | { kind: 'statement' },
    private readonly log: Logger,
  ) {
    // a statement that committed with its answer lost reserved for requests that were refused: refunded
    this.batcher = new ReservationBatcher(sql, log, (items) => {
      for (const { u, t, a, tu } of items) {
        counters.addUser(u, -a, 0, 0);
        if (t > 0) counters.addToken(t, -a, tu, 0);
      }
    });
    this.leases = mode.kind === 'lease' ? new QuotaLeases(sql, log, { heartbeatTimeoutS: mode.heartbeatTimeoutS, idleMs: mode.idleMs, turnWaitMs: mode.turnWaitMs }) : null;
  }

  /**
   * User rows' balances as people should see them: quota leased into any node's memory is still theirs. `read`
   * reads the rows with `seen` (the slices of every other node, from quota_leases in the same statement) and passes
   * each through `leased` (this node's, from memory), between this node's lease statements (QuotaLeases.inTurn),
   * so a slice taken or handed back meanwhile is counted once. Console views and admin edits (applied as deltas)
   * use this, so an edit never double-counts a lease, nor leaves out one another node holds.
   */
  readLeased<R>(read: (seen: LeasesSeen, leased: <T extends { id: number; quota: number }>(row: T) => T) => Promise<R>): Promise<R> {
    const leases = this.leases;
    if (!leases) return read(null, (row) => row);
    return leases.inTurn(() =>
      read({ exceptNode: leases.nodeId }, (row) => {
        const held = leases.held('u', row.id);
        return held === 0 ? row : { ...row, quota: row.quota + held };
      }),
    );
  }

  /** A promise only when the database is needed: most leased reservations are taken from memory at once. */
  reserve(userId: number, tokenId: number, tokenUnlimited: boolean, amount: number): MaybePromise<ReserveOutcome> {
    const reservation: Reservation = { userId, tokenId, tokenUnlimited, amount: Math.max(0, Math.floor(amount)), done: false, userQuotaAfter: Number.MAX_SAFE_INTEGER, slices: null };
    if (reservation.amount === 0) return { ok: true, reservation };
    const leases = this.leases;
    if (!leases) return this.reserveByStatement(reservation);
    const held = leases.reserveHeld(userId, tokenId, !tokenUnlimited, reservation.amount);
    if (held) return leased(reservation, held);
    return leases.reserve(userId, tokenId, !tokenUnlimited, reservation.amount).then((r) => leased(reservation, r));
  }

  private async reserveByStatement(reservation: Reservation): Promise<ReserveOutcome> {
    const { userId, tokenId, tokenUnlimited } = reservation;
    const row = await this.batcher.submit({ u: userId, t: tokenId, a: reservation.amount, tu: tokenUnlimited });
    const status = row?.status ?? 1;
    if (status === 0) {
      reservation.userQuotaAfter = row?.user_quota ?? 0;
      return { ok: true, reservation };
    }
    const reason = status === 2 ? 'token' : status === 3 ? 'token_missing' : 'user';
    return { ok: false, reason, userQuota: row?.user_quota ?? 0, tokenQuota: row?.token_quota ?? 0 };
  }

  /**
   * Charges `actual` against the reservation. What goes beyond it is taken from the user's balance (the
   * leased slice first, then the database, never below zero); what the balance cannot cover is not taken
   * and comes back as the shortfall. Counters (used_quota, request_count, channel used) move only when the
   * request consumed tokens, as new-api does for zero-usage answers.
   */
  settle(r: Reservation, actual: number, channelId: number, countUsage: boolean, now = Math.floor(Date.now() / 1000)): MaybePromise<Settlement> {
    if (r.done) return { charged: 0, shortfall: 0 };
    r.done = true;
    const due = Math.max(0, Math.floor(actual));
    const fromReservation = Math.min(due, r.amount);
    const usage = { channelId, countUsage, now };
    if (due === fromReservation) return this.book(r, due, fromReservation, fromReservation, usage);
    return whenReady(this.collect(r, due - fromReservation), (extra) => this.book(r, due, fromReservation, fromReservation + extra, usage));
  }

  /** A settled charge into the slices and the batched counters. */
  private book(r: Reservation, due: number, fromReservation: number, charged: number, usage: { channelId: number; countUsage: boolean; now: number }): Settlement {
    const { channelId, countUsage, now } = usage;
    if (this.leases && r.slices) {
      this.leases.finish(r.slices.user, r.amount, fromReservation);
      if (r.slices.token) this.leases.finish(r.slices.token, r.amount, charged);
      if (r.tokenId > 0) this.counters.addTokenUsage(r.tokenId, charged, now);
    } else if (r.tokenId > 0) {
      this.counters.addToken(r.tokenId, charged - r.amount, r.tokenUnlimited, now);
    }
    // With leases collect() has taken what went beyond the reservation (all of it for a reservation of 0, which has
    // no slices): the batched balance write takes nothing more.
    this.counters.addUser(r.userId, this.leases ? 0 : charged - r.amount, countUsage ? charged : 0, countUsage ? 1 : 0);
    if (countUsage && channelId > 0) this.counters.addChannel(channelId, charged);
    return { charged, shortfall: due - charged };
  }

  /**
   * Takes up to `want` from the user's balance for a charge beyond its reservation; returns what it got.
   * Without leases the excess joins the batched balance write (no extra round trip per request), bounded by
   * the balance this reservation left; concurrent requests may each see that balance, so the bound is per
   * request. A reservation of 0 ran no statement, so the balance is read for it (the one statement such a
   * request makes). With leases: the held slice first, then one statement for the rare remainder.
   */
  private collect(r: Reservation, want: number): MaybePromise<number> {
    if (!this.leases) return r.amount > 0 ? Math.min(want, Math.max(0, r.userQuotaAfter)) : this.balanceBound(r.userId, want);
    const fromLease = this.leases.spendHeld('u', r.userId, want);
    return fromLease === want ? want : this.collectFromDatabase(r.userId, want, fromLease);
  }

  private async balanceBound(userId: number, want: number): Promise<number> {
    try {
      const [row] = await this.sql<{ quota: number }[]>`SELECT quota FROM users WHERE id = ${userId}`;
      return Math.min(want, Math.max(0, row?.quota ?? 0));
    } catch (e) {
      // Not taken is not lost: it is reported as the shortfall.
      this.log.error('reading the balance for a charge beyond the reservation failed', { user: userId, error: String(e) });
      return 0;
    }
  }

  private async collectFromDatabase(userId: number, want: number, fromLease: number): Promise<number> {
    try {
      const [row] = await this.sql<{ taken: number | string }[]>`
        WITH cur AS (SELECT id, GREATEST(LEAST(quota, ${want - fromLease}), 0) AS n FROM users WHERE id = ${userId} FOR UPDATE)
        UPDATE users SET quota = users.quota - cur.n FROM cur WHERE users.id = cur.id RETURNING cur.n AS taken`;
      return fromLease + Number(row?.taken ?? 0);
    } catch (e) {
      // Not taken is not lost: it is reported as the shortfall.
      this.log.error('charging beyond the reservation failed', { user: userId, error: String(e) });
      return fromLease;
    }
  }

  refund(r: Reservation): void {
    if (r.done) return;
    r.done = true;
    if (r.amount === 0) return;
    if (this.leases && r.slices) {
      this.leases.finish(r.slices.user, r.amount, 0);
      if (r.slices.token) this.leases.finish(r.slices.token, r.amount, 0);
      return;
    }
    this.counters.addUser(r.userId, -r.amount, 0, 0);
    if (r.tokenId > 0) this.counters.addToken(r.tokenId, -r.amount, r.tokenUnlimited, 0);
  }
}
