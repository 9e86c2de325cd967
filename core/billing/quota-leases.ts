import type { Sql } from '../db/connect.js';
import type { Logger } from '../log/logger.js';
import type { ReserveOutcome } from './quota-ledger.js';

interface Lease {
  kind: 'u' | 't';
  id: number;
  /** leased from the database and not yet assigned to a request (negative: charges beyond the lease) */
  held: number;
  /** reserved by requests still in flight (out of `held`, not yet charged or refunded) */
  inflight: number;
  lastUsed: number;
  /** last balance seen in the database, for messages and the low-balance notice */
  dbQuota: number;
  /** the amount last written to this lease's quota_leases row */
  synced: number;
  /** a background top-up is queued or running */
  toppingUp: boolean;
}

export type LeaseOutcome = { ok: true; userQuotaAfter: number } | Extract<ReserveOutcome, { ok: false }>;

interface LeaseRow {
  status: number;
  user_taken: number;
  token_taken: number;
  user_quota: number | null;
  token_quota: number | null;
}

/**
 * Quota leases for the embedded (single-node) database: a slice of a user's balance and of a limited
 * token's quota is moved into memory with one statement (recorded in quota_leases), and requests reserve
 * from it synchronously. A refill takes `factor` × the request's need, and a slice under a quarter of
 * that is topped up in the background, so requests rarely wait for the database at all. Slices idle for
 * `idleMs` are handed back; whatever a crash leaves in quota_leases is returned at the next start. Exact by construction: memory never goes below zero on reservation, and
 * the database only ever gives what it has.
 */
export class QuotaLeases {
  private leases = new Map<string, Lease>();
  /** Every statement touching quota_leases runs in this one queue, so row writes never race. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly sql: Sql,
    private readonly log: Logger,
    private readonly factor = 64,
    private readonly idleMs = 1500,
  ) {}

  async reserve(userId: number, tokenId: number, tokenLimited: boolean, amount: number): Promise<LeaseOutcome> {
    const u = this.lease('u', userId);
    const t = tokenLimited && tokenId > 0 ? this.lease('t', tokenId) : null;
    for (let attempt = 0; attempt < 5; attempt++) {
      if (u.held >= amount && (!t || t.held >= amount)) {
        const now = Date.now();
        u.held -= amount;
        u.inflight += amount;
        u.lastUsed = now;
        if (t) {
          t.held -= amount;
          t.inflight += amount;
          t.lastUsed = now;
        }
        this.topUpIfLow(u, t, tokenId, amount);
        return { ok: true, userQuotaAfter: u.dbQuota + u.held };
      }
      const refused = await this.refill(u, t, tokenId, amount);
      if (refused) return refused;
    }
    // Other requests kept draining each refill; give up rather than spin.
    return { ok: false, reason: 'user', userQuota: u.dbQuota + u.held, tokenQuota: t ? t.dbQuota + t.held : 0 };
  }

  /** A request is over: what it reserved but did not spend goes back to the slice (refund: spent = 0). */
  finish(kind: 'u' | 't', id: number, reserved: number, spent: number): void {
    const l = this.lease(kind, id);
    l.inflight -= reserved;
    l.held += reserved - spent;
    l.lastUsed = Date.now();
  }

  /** Takes up to `want` of what a slice holds unassigned, for a charge beyond a reservation; returns the amount. */
  spendHeld(kind: 'u' | 't', id: number, want: number): number {
    const l = this.leases.get(`${kind}${id}`);
    if (!l) return 0;
    const n = Math.min(want, Math.max(0, l.held));
    l.held -= n;
    l.lastUsed = Date.now();
    return n;
  }

  /** Leased quota not yet handed back, so views of a balance can include it. */
  held(kind: 'u' | 't', id: number): number {
    return this.leases.get(`${kind}${id}`)?.held ?? 0;
  }

  /**
   * Runs every flush tick: idle slices (all of them with `all`) are handed back, and every lease row is
   * brought down to what is really still held, so spent quota leaves quota_leases within a tick and a
   * crash can only return what was never charged (plus at most one tick of charges).
   */
  async release(all = false): Promise<void> {
    const now = Date.now();
    for (const [key, l] of this.leases) {
      const idle = all || now - l.lastUsed >= this.idleMs;
      await this.serial(async () => {
        const give = idle ? l.held : 0;
        const stillHeld = l.held - give + l.inflight;
        if (give === 0 && stillHeld === l.synced) return;
        l.held -= give;
        try {
          await this.sql`SELECT ferryman_lease_return(${l.kind}, ${l.id}, ${give}, ${stillHeld}, ${Math.floor(now / 1000)})`;
          l.synced = stillHeld;
        } catch (e) {
          l.held += give;
          this.log.error('returning leased quota failed; will retry', { error: String(e) });
          return;
        }
        if (idle && l.held === 0 && l.inflight === 0 && this.leases.get(key) === l) this.leases.delete(key);
      });
    }
  }

  private lease(kind: 'u' | 't', id: number): Lease {
    const key = `${kind}${id}`;
    let l = this.leases.get(key);
    if (!l) this.leases.set(key, (l = { kind, id, held: 0, inflight: 0, lastUsed: Date.now(), dbQuota: 0, synced: 0, toppingUp: false }));
    return l;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn);
    this.chain = run.catch(() => {});
    return run;
  }

  /** Tops the user's (and token's) slice up to serve `amount`; returns the refusal, or null when topped up. */
  private refill(u: Lease, t: Lease | null, tokenId: number, amount: number): Promise<LeaseOutcome | null> {
    return this.serial(async (): Promise<LeaseOutcome | null> => {
      if (u.held >= amount && (!t || t.held >= amount)) return null;
      const needU = Math.max(0, amount - u.held);
      const needT = t ? Math.max(0, amount - t.held) : 0;
      const row = await this.take(u, t, tokenId, needU, needT, amount * this.factor);
      if (!row) return { ok: false, reason: 'user', userQuota: 0, tokenQuota: 0 };
      if (row.status !== 0) {
        const reason = row.status === 2 ? 'token' : row.status === 3 ? 'token_missing' : 'user';
        return { ok: false, reason, userQuota: u.dbQuota + u.held, tokenQuota: t ? t.dbQuota + t.held : row.token_quota ?? 0 };
      }
      return null;
    });
  }

  /**
   * Refills, in the background, whichever slice has fallen under a quarter of a refill, so requests do not
   * queue behind the lease statement (which waits its turn behind log inserts on the one database thread).
   * A refusal or failure is left to the next reservation.
   */
  private topUpIfLow(u: Lease, t: Lease | null, tokenId: number, amount: number): void {
    const low = amount * (this.factor / 4);
    const leases = [u, t].filter((l): l is Lease => l !== null && l.held < low && !l.toppingUp);
    if (leases.length === 0) return;
    for (const l of leases) l.toppingUp = true;
    const needU = leases.includes(u) ? 1 : 0;
    const needT = t && leases.includes(t) ? 1 : 0;
    void this.serial(() => this.take(u, t, tokenId, needU, needT, amount * this.factor))
      .catch((e: unknown) => this.log.warn('topping up a quota lease failed', { error: String(e) }))
      .finally(() => {
        for (const l of leases) l.toppingUp = false;
      });
  }

  /** One ferryman_lease statement: at least `need`, up to `want`, of each slice that asks. */
  private async take(u: Lease, t: Lease | null, tokenId: number, needU: number, needT: number, want: number): Promise<LeaseRow | undefined> {
    const [row] = await this.sql<LeaseRow[]>`
      SELECT * FROM ferryman_lease(${u.id}, ${tokenId}, ${needU}, ${needU > 0 ? want : 0}, ${needT}, ${needT > 0 ? want : 0}, ${Math.floor(Date.now() / 1000)})`;
    if (!row) return row;
    u.dbQuota = row.user_quota ?? 0;
    if (t) t.dbQuota = row.token_quota ?? 0;
    if (row.status !== 0) return row;
    u.held += row.user_taken;
    u.synced += row.user_taken;
    if (t) {
      t.held += row.token_taken;
      t.synced += row.token_taken;
    }
    return row;
  }
}
