import type { Sql } from '../db/connect.js';
import { databaseTimeoutError } from '../db/database-failure.js';
import { instanceId } from '../db/instance-id.js';
import { WriteMarks } from '../db/write-marks.js';
import { FailureStreak } from '../log/failure-streak.js';
import type { Logger } from '../log/logger.js';
import type { ReserveOutcome } from './quota-ledger.js';

/** A slice of one user's balance or one limited token's quota, held in this node's memory. */
export interface LeaseSlice {
  readonly kind: 'u' | 't';
  readonly id: number;
  /** leased from the database and not yet assigned to a request (negative: charges beyond the lease) */
  held: number;
  /** reserved by requests still in flight (out of `held`, not yet charged or refunded) */
  inflight: number;
  lastUsed: number;
  /** last balance seen in the database, for messages and the low-balance notice */
  dbQuota: number;
  /** what other nodes held leased of the same owner at the last lease statement: still the owner's */
  elsewhere: number;
  /** the amount last written to this lease's quota_leases row */
  synced: number;
  /** a background top-up is queued or running */
  toppingUp: boolean;
  /** held + inflight when mark() ran: the least the next write may record (see mark) */
  marked: number | null;
  /**
   * A lease statement for it failed, perhaps after committing (its answer lost with the connection): the row, read
   * before the slice's next statement (adoptRow), says what it took.
   */
  unsure: boolean;
  /** A hand-back whose statement failed, perhaps after committing: made again under its key before the slice's next statement. */
  returning: PendingReturn | null;
  /**
   * The database no longer counts this slice as leased (its node was declared dead, the token's quota was
   * set by hand, or the slice was handed back whole): nothing more is served from it or taken into it, and what
   * requests still in flight spend is charged to the owner directly.
   */
  void: boolean;
  /**
   * Until when (ms) the database's refusal of this owner stands for reservations beyond what the slice, the
   * database and the other nodes had of it (refusedAgain); 0 when there is none, or a credit was announced since.
   */
  refusedUntil: number;
}

/** One slice's hand-back in a statement not yet answered: its `give` is out of `held` until it is (see writeBack). */
interface PendingReturn {
  key: string;
  slice: LeaseSlice;
  give: number;
  stillHeld: number;
  idle: boolean;
  batch: ReturnBatch;
  /** its index in the batch, by which the database answers for it */
  index: number;
  /** left out of the batch (its slice was cancelled by a token edit): never sent again */
  dropped: boolean;
}

/** One ferryman_lease_return_many: the hand-backs it carries, under one key, until the database answers for them. */
interface ReturnBatch {
  seq: number;
  items: PendingReturn[];
}

/**
 * Slices written back per statement (ferryman_lease_return_many) by release(), each statement in its turn: a smaller
 * one keeps the refills queued behind it from waiting long (~150 µs a slice on the embedded database).
 */
const RETURNS_PER_STATEMENT = 64;
/** Refills taken per statement (ferryman_lease_seen_many): more wait for the next turn. */
const TAKES_PER_STATEMENT = 256;

/** One slice pair's take in a lease statement: at least `need`, up to `want`, of each slice that asks. */
interface TakeAsk {
  u: LeaseSlice;
  t: LeaseSlice | null;
  tokenId: number;
  needU: number;
  needT: number;
  want: number;
}

/** A reservation's refill waiting for the queue's next turn (refillTurn). */
interface WaitingRefill {
  u: LeaseSlice;
  t: LeaseSlice | null;
  tokenId: number;
  amount: number;
  resolve(refusal: Refusal | null): void;
  reject(e: unknown): void;
}

export type LeaseOutcome =
  | { ok: true; userQuotaAfter: number; user: LeaseSlice; token: LeaseSlice | null }
  | Refusal;
type Refusal = Extract<ReserveOutcome, { ok: false }>;

interface LeaseRow {
  status: number;
  user_taken: number;
  token_taken: number;
  user_quota: number | null;
  token_quota: number | null;
  user_elsewhere: number;
  token_elsewhere: number;
}

export interface LeaseOptions {
  /** a refill takes this many times the request's need */
  factor?: number;
  /** slices unused this long are handed back */
  idleMs?: number;
  /**
   * Seconds without a heartbeat after which the other nodes of a shared database return this node's slices;
   * null on the embedded database, whose one node returns everything left at its next start.
   */
  heartbeatTimeoutS?: number | null;
  /** backoff (ms) between the refills of a reservation the database is short for while other nodes hold slices */
  recallWaitsMs?: readonly number[];
  /**
   * How long a read (inTurn) waits for its turn before it fails as a database timeout (SQL_QUERY_TIMEOUT on
   * PostgreSQL); unset, as long as it takes
   */
  turnWaitMs?: number;
}

/** Asks the other nodes to hand back what they hold unassigned of one owner's quota (see recall). */
export type RecallOthers = (kind: 'u' | 't', id: number) => void;

/** ferryman_lease's status when this node is not registered (declared dead by the others). */
const STATUS_NODE_UNKNOWN = 4;
/** ferryman_lease's status when the token's slice here was cancelled by an edit of its quota (nothing taken). */
const STATUS_TOKEN_CANCELLED = 5;
/** A token edit's notice later than this after a statement found the edit is taken for a later edit's. */
const NOTICE_LATE_MS = 5000;
/** How long a node takes only what each request needs of a slice another node recalled. */
const RECALL_HOLD_MS = 1000;
/**
 * How long a refusal for want of quota answers the same owner's next reservations without a statement. A credit
 * announced on the invalidation bus (top-up, redemption, edit, refund) ends it at once; one that is not waits this
 * long at most, within the bound the bus gives other changes across nodes.
 */
const REFUSAL_KEPT_MS = 1000;

/**
 * Quota leases: a slice of a user's balance and of a limited token's quota is moved into memory with one
 * statement (recorded in quota_leases under this node's id), and requests reserve from it synchronously. A
 * refill takes `factor` × the request's need, and a slice under a quarter of that is topped up in the
 * background, so requests rarely wait for the database at all. Slices idle for `idleMs` are handed back.
 *
 * Across nodes of one PostgreSQL: each node heart-beats every flush tick, and returns the slices of any node
 * silent for `heartbeatTimeoutS`. A node stops serving from its slices once its own last heartbeat is half
 * that old, so it never spends a slice the others may have returned; if it finds itself declared dead, it
 * voids its slices (charging what they had spent since their last write), and registers under a new id. A node
 * the database is short for, while others hold enough of the owner's quota, asks them to hand back what they hold
 * unassigned (recall) and tries again, so a balance held elsewhere serves a request as one node would have.
 * Exact by construction: memory never goes below zero on reservation, and the database only ever gives what it has.
 */
export class QuotaLeases {
  private leases = new Map<string, LeaseSlice>();
  /** What requests spent from void slices, still to be charged to their owners (key: kind + id). */
  private debts = new Map<string, number>();
  /** Debt payments tried without an answer: paid again, the same amount under the same key (WriteMarks). */
  private paying = new Map<string, { amount: number; seq: number }>();
  /** the keys of the hand-backs and debt payments, which must not apply twice */
  private readonly marks = new WriteMarks('leases');
  /** Every statement touching quota_leases runs in this one queue, so row writes never race. */
  private chain: Promise<unknown> = Promise.resolve();
  /** new after every registration, so a voided past never matches (start-threads.ts reads its host-pid-t<thread> prefix) */
  private node = instanceId();
  private lastBeat = performance.now();
  private readonly factor: number;
  private readonly idleMs: number;
  private readonly fenceAfterMs: number | null;
  private readonly timeoutS: number | null;
  private readonly recallWaitsMs: readonly number[];
  /** set by the node's services once its invalidation bus is up; null: nobody to ask */
  recallOthers: RecallOthers | null = null;
  /**
   * Slices another node recalled, until when (ms): meanwhile a refill here takes only what its request needs and no
   * background top-up runs, so this node does not take back at once what the short node is waiting for.
   */
  private recalledUntil = new Map<string, number>();
  /** Tokens whose slice a statement found cancelled by an edit, and when: that edit's notice drops no fresh slice. */
  private cancelsLearned = new Map<number, number>();
  /** Refills waiting for the queue's next turn, which takes for all of them in one statement. */
  private refills: WaitingRefill[] = [];
  private refillTurnQueued = false;
  private readonly turnWaitMs: number | null;
  // while the database cannot answer (down, locked, out of disk) these fail every round: told once a streak
  private readonly beats: FailureStreak;
  private readonly returns: FailureStreak;
  private readonly readBacks: FailureStreak;
  private readonly topUps: FailureStreak;
  /** why the last hand-back or read-back failed: a refill that waits for its outcome fails with it as its cause */
  private unsettledBy: unknown = null;

  constructor(
    private readonly sql: Sql,
    private readonly log: Logger,
    opts: LeaseOptions = {},
  ) {
    this.factor = opts.factor ?? 64;
    this.idleMs = opts.idleMs ?? 1500;
    this.timeoutS = opts.heartbeatTimeoutS ?? null;
    this.fenceAfterMs = this.timeoutS === null ? null : (this.timeoutS * 1000) / 2;
    this.recallWaitsMs = opts.recallWaitsMs ?? [20, 40, 80, 160, 320];
    this.turnWaitMs = opts.turnWaitMs ?? null;
    this.beats = new FailureStreak('lease heartbeat', log);
    this.returns = new FailureStreak('returning leased quota', log);
    this.readBacks = new FailureStreak('reading a quota lease after a failed statement', log);
    this.topUps = new FailureStreak('topping up a quota lease', log);
  }

  /** Registers this node; leases are refused (and registration retried) until it has. */
  async start(): Promise<void> {
    await this.serial(() => this.register());
  }

  /**
   * The reservation out of what this node holds, at once, or null when it needs the database first (a refill, or a
   * heartbeat that is late): then `reserve`.
   */
  reserveHeld(userId: number, tokenId: number, tokenLimited: boolean, amount: number): LeaseOutcome | null {
    if (this.heartbeatLate()) return null;
    const u = this.lease('u', userId);
    const t = tokenLimited && tokenId > 0 ? this.lease('t', tokenId) : null;
    return this.takeHeld(u, t, tokenId, amount) ?? this.refusedAgain(u, t, amount);
  }

  /**
   * The refusal of a reservation the database refused a moment ago for the same owner and that nothing known since
   * covers, without a statement. A client retrying at full speed on an empty balance (scripts do) would otherwise
   * send a lease statement per request, each queued in this node's one chain of them ahead of other owners'
   * refills: ~600 µs of the gateway's CPU per refusal on the embedded database, five times a served request's.
   */
  private refusedAgain(u: LeaseSlice, t: LeaseSlice | null, amount: number): Refusal | null {
    const now = Date.now();
    const short = t && stillRefused(t, amount, now) ? t : stillRefused(u, amount, now) ? u : null;
    if (!short) return null;
    return { ok: false, reason: short === u ? 'user' : 'token', userQuota: u.dbQuota + u.held, tokenQuota: t ? t.dbQuota + t.held : 0 };
  }

  /** The owner's balance grew (a credit announced on the invalidation bus): its last refusal no longer stands. */
  forgetRefusal(kind: 'u' | 't', id: number): void {
    const l = this.leases.get(`${kind}${id}`);
    if (l) l.refusedUntil = 0;
  }

  async reserve(userId: number, tokenId: number, tokenLimited: boolean, amount: number): Promise<LeaseOutcome> {
    if (this.heartbeatLate()) {
      // Our heartbeat is late: the other nodes may be about to return our slices. Renew it before using them.
      await this.beats.track(this.serial(() => this.beat()));
    }
    let recalls = 0;
    for (let attempt = 0; attempt < 5 + this.recallWaitsMs.length; attempt++) {
      const u = this.lease('u', userId);
      const t = tokenLimited && tokenId > 0 ? this.lease('t', tokenId) : null;
      const taken = this.takeHeld(u, t, tokenId, amount);
      if (taken) return taken;
      const refused = await this.refill(u, t, tokenId, amount);
      if (!refused) continue;
      // The database is short, but other nodes (or relay threads) hold enough of it: they hand back what they hold
      // unassigned and the refill is tried again, as one gateway holding the whole balance would have served it.
      const short = refused.reason === 'token' ? t : refused.reason === 'user' ? u : null;
      if (!short || !othersCover(short, amount) || !this.recallOthers || recalls >= this.recallWaitsMs.length) {
        if (short) short.refusedUntil = Date.now() + REFUSAL_KEPT_MS;
        return refused;
      }
      this.recallOthers(short.kind, short.id);
      await new Promise((resolve) => setTimeout(resolve, this.recallWaitsMs[recalls++]));
    }
    // Other requests kept draining each refill; give up rather than spin.
    const u = this.lease('u', userId);
    return { ok: false, reason: 'user', userQuota: u.dbQuota + u.held, tokenQuota: 0 };
  }

  private heartbeatLate(): boolean {
    return this.fenceAfterMs !== null && performance.now() - this.lastBeat > this.fenceAfterMs;
  }

  private takeHeld(u: LeaseSlice, t: LeaseSlice | null, tokenId: number, amount: number): LeaseOutcome | null {
    if (u.held < amount || (t && t.held < amount) || !this.fresh()) return null;
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
    return { ok: true, userQuotaAfter: u.dbQuota + u.elsewhere + u.held, user: u, token: t };
  }

  /** A request is over: what it reserved but did not spend goes back to the slice (refund: spent = 0). */
  finish(slice: LeaseSlice, reserved: number, spent: number): void {
    slice.inflight -= reserved;
    if (slice.void) {
      if (spent !== 0) this.owe(slice, spent);
      return;
    }
    slice.held += reserved - spent;
    slice.lastUsed = Date.now();
  }

  /** Takes up to `want` of what a slice holds unassigned, for a charge beyond a reservation; returns the amount. */
  spendHeld(kind: 'u' | 't', id: number, want: number): number {
    const l = this.leases.get(`${kind}${id}`);
    if (!l || !this.fresh()) return 0;
    const n = Math.min(want, Math.max(0, l.held));
    l.held -= n;
    l.lastUsed = Date.now();
    return n;
  }

  /** This node's name in quota_leases (a new one after it was declared dead and registered again). */
  get nodeId(): string {
    return this.node;
  }

  /** Leased quota not yet handed back, so views of a balance can include it (read it with the row, in inTurn). */
  held(kind: 'u' | 't', id: number): number {
    return this.leases.get(`${kind}${id}`)?.held ?? 0;
  }

  /**
   * Runs `read` between lease statements, never during one. A statement that takes or hands back a slice changes
   * the database's row at once and what this node holds only when it has answered, so a row read in between and
   * held() counted that slice twice or not at all.
   */
  inTurn<T>(read: () => Promise<T>): Promise<T> {
    const waitMs = this.turnWaitMs;
    if (waitMs === null) return this.serial(read);
    // While the database hangs, each statement ahead takes up to its deadline: a console read queued behind them
    // fails at its own deadline instead of after all of theirs, and its turn, when it comes, is skipped.
    return new Promise<T>((resolve, reject) => {
      let expired = false;
      const timer = setTimeout(() => {
        expired = true;
        reject(databaseTimeoutError('a quota lease read waited too long for its turn'));
      }, waitMs);
      void this.serial(async () => {
        if (expired) return;
        clearTimeout(timer);
        await read().then(resolve, reject);
      });
    });
  }

  /** Slices held, quota unassigned and quota reserved by requests in flight, per kind (read by /metrics at scrape time). */
  totals(): { kind: 'user' | 'token'; slices: number; held: number; reserved: number }[] {
    const user = { kind: 'user' as const, slices: 0, held: 0, reserved: 0 };
    const token = { kind: 'token' as const, slices: 0, held: 0, reserved: 0 };
    for (const l of this.leases.values()) {
      const t = l.kind === 'u' ? user : token;
      t.slices++;
      t.held += l.held;
      t.reserved += l.inflight;
    }
    return [user, token];
  }

  /**
   * Runs a few times per heartbeat timeout on a shared database: renews this node's heartbeat and returns
   * the slices of nodes that have gone silent.
   */
  async heartbeat(): Promise<void> {
    if (this.timeoutS === null) return;
    await this.beats.track(
      this.serial(async () => {
        await this.beat();
        const [row] = await this.sql<{ n: number | string }[]>`SELECT ferryman_reclaim_leases(${this.timeoutS}) AS n`;
        if (Number(row?.n ?? 0) > 0) this.log.info('returned the quota leases of a silent node', { leases: Number(row!.n) });
      }),
    );
  }

  /** How often heartbeat() should run (ms), or null when there is no other node to tell. */
  heartbeatIntervalMs(): number | null {
    return this.timeoutS === null ? null : (this.timeoutS * 1000) / 6;
  }

  /**
   * The owner set the token's remaining quota, which marked its lease rows cancelled (tokens.ts updateToken), and
   * this is the edit's notice: the slice is dropped at once, so what is spent from now on is charged to the value
   * set (cancelSlice), unless a statement of the slice's found the mark first and dropped it then. The mark is
   * removed in turn with the slice's statements, so a statement still queued finds the slice void, not the mark.
   */
  cancelToken(id: number): Promise<void> {
    const key = `t${id}`;
    const learned = this.cancelsLearned.get(id);
    this.cancelsLearned.delete(id);
    const l = this.leases.get(key);
    // the slice in the map is the fresh one when a statement found the mark first: it is the value set's already
    if (l && (learned === undefined || Date.now() - learned > NOTICE_LATE_MS)) this.cancelSlice(key, l);
    return this.serial(async () => {
      await this.sql`DELETE FROM quota_leases WHERE kind = 't' AND owner_id = ${id} AND node = ${this.node} AND cancelled`;
    }).catch((e: unknown) => this.log.error('removing the mark of a token lease cancelled by an edit failed', { error: String(e) }));
  }

  /**
   * The token's quota was set by hand, and this node has just learned of it (the edit's notice, or a statement
   * finding the slice's row marked cancelled and removing it): what the slice held goes with the edit, what it spent
   * before stays with the value the edit replaced, and requests still in flight on it are charged to the new value
   * as they finish (finish on a void slice). A hand-back still unanswered is dropped too: it finds the mark (nothing
   * applied) or had committed before the edit, which replaced its outcome.
   */
  private cancelSlice(key: string, l: LeaseSlice, byStatement = false): void {
    l.void = true;
    l.held = 0;
    this.dropReturn(l);
    if (this.leases.get(key) === l) this.leases.delete(key);
    if (byStatement) this.cancelsLearned.set(l.id, Date.now());
  }

  /**
   * Called before the consume logs are written: the next release() records at least what each slice held then,
   * so the database never shows a charge whose log was not yet written (a crash in between errs in the user's
   * favour instead).
   */
  mark(): void {
    for (const l of this.leases.values()) l.marked = l.held + l.inflight;
  }

  /**
   * Runs every flush tick: charges owed by void slices, then idle slices (all of them with `all`) handed
   * back and every lease row brought down to what is really still held, so spent quota leaves quota_leases
   * within a tick and a crash can only return what was never charged (plus at most one tick of charges).
   */
  async release(all = false): Promise<void> {
    await this.payDebts();
    const now = Date.now();
    for (const [key, until] of this.recalledUntil) if (until <= now) this.recalledUntil.delete(key);
    for (const [id, at] of this.cancelsLearned) if (now - at > NOTICE_LATE_MS) this.cancelsLearned.delete(id);
    // A statement per chunk of slices, each in its turn: thousands of owners' slices written back one statement
    // each took longer than a tick, with the refills of new requests queued behind them.
    const keys = [...this.leases.keys()];
    for (let i = 0; i < keys.length; i += RETURNS_PER_STATEMENT) {
      const chunk = keys.slice(i, i + RETURNS_PER_STATEMENT);
      await this.serial(async () => {
        const items: Omit<PendingReturn, 'batch' | 'index' | 'dropped'>[] = [];
        for (const key of chunk) {
          const l = this.leases.get(key);
          if (!l || l.void || !(await this.settle(l)) || l.void) continue;
          const idle = all || now - l.lastUsed >= this.idleMs;
          const give = idle ? l.held : 0;
          const marked = l.marked;
          l.marked = null;
          const stillHeld = Math.max(l.held - give + l.inflight, marked === null ? -Infinity : marked - give);
          if (give === 0 && stillHeld === l.synced) continue;
          // out of the slice before the statement, as in writeBack
          l.held -= give;
          items.push({ key, slice: l, give, stillHeld, idle });
        }
        if (items.length) await this.sendReturns(this.returnBatch(items));
      });
    }
  }

  /**
   * Another node is short of this owner's quota while this one holds some (QuotaLeases.reserve): hands back what
   * the slice holds unassigned now, not when it goes idle. What it spent since its row was last written stays
   * recorded there until the next release(), which runs after the consume logs explaining it are written.
   */
  recall(kind: 'u' | 't', id: number): Promise<void> {
    const key = `${kind}${id}`;
    this.recalledUntil.set(key, Date.now() + RECALL_HOLD_MS);
    return this.serial(async () => {
      const l = this.leases.get(key);
      if (!l || l.void || !(await this.settle(l)) || l.void || l.held <= 0) return;
      const give = l.held;
      // what mark() saw held is handed back now: the next release must not record it as still leased
      if (l.marked !== null) l.marked -= give;
      await this.writeBack(key, l, give, l.synced - give, true);
    });
  }

  /** One slice's hand-back: `give` back to the owner, the row down to `stillHeld`. Run inside serial. */
  private async writeBack(key: string, l: LeaseSlice, give: number, stillHeld: number, idle: boolean): Promise<void> {
    // Out of the slice before the statement: requests reserve synchronously while it runs, and must not be served
    // from quota the owner (and so another node) already has back. It stays out until the statement answers, now or
    // when it is made again (settle): had it committed with its answer lost, the owner would have it twice.
    l.held -= give;
    await this.sendReturns(this.returnBatch([{ key, slice: l, give, stillHeld, idle }]));
  }

  private returnBatch(items: Omit<PendingReturn, 'batch' | 'index' | 'dropped'>[]): ReturnBatch {
    const batch: ReturnBatch = { seq: this.marks.next(), items: [] };
    batch.items = items.map((it, index) => ({ ...it, batch, index, dropped: false }));
    return batch;
  }

  /**
   * Sends (or sends again, under its key) a statement of hand-backs, and takes in its answer for each slice still in
   * it; false when there was none. Sent again, it carries the same items but those dropped since: had the first try
   * committed, the database answers its outcomes, by index; had it not, this one applies.
   */
  private async sendReturns(batch: ReturnBatch): Promise<boolean> {
    const live = batch.items.filter((r) => !r.dropped);
    for (const r of live) r.slice.returning = r;
    let kept: Map<number, boolean | null>;
    try {
      const items = live.map((r) => ({ i: r.index, k: r.slice.kind, o: r.slice.id, r: r.give, h: r.stillHeld }));
      const rows = await this.sql<{ idx: number; kept: boolean | null }[]>`
        SELECT idx, kept FROM ferryman_lease_return_many(${this.node}, ${JSON.stringify(items)}::text::json, ${this.marks.writer},
          ${batch.seq}, ${this.marks.knownBelow()})`;
      kept = new Map(rows.map((row) => [row.idx, row.kept]));
      const unanswered = live.find((r) => !kept.has(r.index));
      if (unanswered) throw new Error(`ferryman_lease_return_many answered nothing for slice ${unanswered.key}`);
    } catch (e) {
      this.returns.failed(e);
      this.unsettledBy = e;
      return false;
    }
    this.returns.succeeded();
    this.marks.done(batch.seq);
    for (const r of live) if (r.slice.returning === r) this.tookBack(r, kept.get(r.index)!);
    return true;
  }

  /** A hand-back's answer: the row kept (true), found taken back by the database (false), or cancelled by an edit (null). */
  private tookBack(r: PendingReturn, kept: boolean | null): void {
    const { key, slice: l } = r;
    l.returning = null;
    if (kept === null) {
      // cancelled by an edit of the token's quota: nothing was applied, the give included
      this.cancelSlice(key, l, true);
      return;
    }
    if (!kept) {
      // The database had already taken this slice back; a negative give was charged all the same, a positive one
      // is still the slice's for voidSlice to account.
      if (r.give > 0) l.held += r.give;
      this.voidSlice(l);
      if (this.leases.get(key) === l) this.leases.delete(key);
      return;
    }
    l.synced = r.stillHeld;
    // a marked row may still record more than is held: it is deleted by the write that brings it to 0
    if (r.idle && r.stillHeld === 0 && l.held === 0 && l.inflight === 0 && this.leases.get(key) === l) {
      // A refill queued behind this write holds the slice too: void, it leaves the taking to a fresh slice. Taken
      // into this one, the quota would be leased under the row the fresh slice writes next, and lost by that write.
      l.void = true;
      this.leases.delete(key);
    }
  }

  /** The slice's hand-back still unanswered is left out of its statement from now on; a statement left with none is done. */
  private dropReturn(l: LeaseSlice): void {
    const r = l.returning;
    if (!r) return;
    l.returning = null;
    r.dropped = true;
    if (r.batch.items.every((x) => x.dropped)) this.marks.done(r.batch.seq);
  }

  /**
   * Before a slice's next statement, the outcome of its last failed one: a hand-back is made again under its key
   * (sendReturns), a take is read back from the row (adoptRow). False when the database could not say: the slice is
   * not written until it can. Run inside serial.
   */
  private async settle(l: LeaseSlice): Promise<boolean> {
    if (l.returning && !(await this.sendReturns(l.returning.batch))) return false;
    return !l.unsure || (await this.adoptRow(l));
  }

  /** At shutdown, after release(true): this node is gone, not dead. */
  async stop(): Promise<void> {
    await this.payDebts();
    await this.serial(() => this.sql`DELETE FROM ferryman_nodes WHERE node = ${this.node}`).catch(() => {});
  }

  private fresh(): boolean {
    return this.fenceAfterMs === null || performance.now() - this.lastBeat <= this.fenceAfterMs;
  }

  private async register(): Promise<void> {
    await this.sql`SELECT ferryman_node_beat(${this.node}, true)`;
    this.lastBeat = performance.now();
  }

  /** Renews the heartbeat; a node found declared dead voids its slices and registers anew. Run inside serial. */
  private async beat(): Promise<void> {
    const startedAt = performance.now();
    const [row] = await this.sql<{ alive: boolean }[]>`SELECT ferryman_node_beat(${this.node}, false) AS alive`;
    if (row?.alive) {
      this.lastBeat = startedAt;
      return;
    }
    this.log.warn('this node was declared dead by the others; its quota leases were returned', { node: this.node });
    // what a slice spent since its row was written depends on whether its last hand-back committed: asked first
    for (const l of this.leases.values()) {
      if (l.returning && !(await this.sendReturns(l.returning.batch))) throw new Error('a quota lease hand-back is still unanswered');
    }
    for (const l of this.leases.values()) this.voidSlice(l);
    this.leases.clear();
    this.node = instanceId();
    await this.register();
  }

  /** What the slice spent since its row was last written is charged directly; the rest is the database's again. */
  private voidSlice(l: LeaseSlice): void {
    if (l.void) return;
    l.void = true;
    const spentSinceWrite = l.synced - l.held - l.inflight;
    if (spentSinceWrite !== 0) this.owe(l, spentSinceWrite);
    l.held = 0;
  }

  private owe(l: LeaseSlice, amount: number): void {
    const key = `${l.kind}${l.id}`;
    this.debts.set(key, (this.debts.get(key) ?? 0) + amount);
  }

  private async payDebts(): Promise<void> {
    for (const key of new Set([...this.paying.keys(), ...this.debts.keys()])) {
      const id = Number(key.slice(1));
      await this.serial(async () => {
        // a payment tried without an answer first, under its key; then what is owed now (read in turn: a payDebts
        // already queued, a tick's then shutdown's, may have paid it meanwhile)
        for (;;) {
          const p = this.paying.get(key) ?? this.startPaying(key);
          if (!p) return;
          const { amount, seq } = p;
          const claimed = this.marks.claimed(this.sql, seq);
          await (key[0] === 'u'
            ? this.sql`WITH ${claimed} UPDATE users SET quota = quota - ${amount} WHERE id = ${id} AND EXISTS (SELECT 1 FROM claimed)`
            : this.sql`WITH ${claimed} UPDATE tokens SET remain_quota = remain_quota - ${amount} WHERE id = ${id} AND EXISTS (SELECT 1 FROM claimed)`);
          this.marks.done(seq);
          this.paying.delete(key);
        }
      }).catch((e: unknown) => this.log.error('charging a returned lease failed; will retry', { error: String(e) }));
    }
  }

  /** What is owed of `key` becomes one payment, with its key, kept until it is answered. */
  private startPaying(key: string): { amount: number; seq: number } | null {
    const amount = this.debts.get(key) ?? 0;
    if (amount === 0) return null;
    const p = { amount, seq: this.marks.next() };
    this.debts.delete(key);
    this.paying.set(key, p);
    return p;
  }

  private lease(kind: 'u' | 't', id: number): LeaseSlice {
    const key = `${kind}${id}`;
    let l = this.leases.get(key);
    if (!l) {
      l = { kind, id, held: 0, inflight: 0, lastUsed: Date.now(), dbQuota: 0, elsewhere: 0, synced: 0, toppingUp: false, marked: null, unsure: false, returning: null, void: false, refusedUntil: 0 };
      this.leases.set(key, l);
    }
    return l;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn);
    this.chain = run.catch(() => {});
    return run;
  }

  /** Tops the user's (and token's) slice up to serve `amount`; returns the refusal, or null when topped up. */
  private refill(u: LeaseSlice, t: LeaseSlice | null, tokenId: number, amount: number): Promise<Refusal | null> {
    return new Promise((resolve, reject) => {
      this.refills.push({ u, t, tokenId, amount, resolve, reject });
      this.queueRefillTurn();
    });
  }

  private queueRefillTurn(): void {
    if (this.refillTurnQueued || this.refills.length === 0) return;
    this.refillTurnQueued = true;
    void this.serial(() => this.refillTurn());
  }

  /**
   * A turn of the queue for the refills waiting: one statement takes for all of them. With thousands of owners each
   * new to this node, a statement per refill, each waiting for the one before, served a few hundred requests a
   * second. A slice is asked for once per statement: a second refill of it waits for the next turn, where what the
   * first took may already cover it.
   */
  private async refillTurn(): Promise<void> {
    this.refillTurnQueued = false;
    const waiting = this.refills.splice(0, TAKES_PER_STATEMENT);
    const next: WaitingRefill[] = [];
    const asks: (TakeAsk & { w: WaitingRefill })[] = [];
    try {
      if (!this.fresh()) await this.beat();
      const asking = new Set<LeaseSlice>();
      for (const w of waiting) {
        const { u, t, amount } = w;
        if (asking.has(u) || (t && asking.has(t))) {
          next.push(w);
          continue;
        }
        // voided while waiting (or by that beat, finding this node declared dead): the caller takes fresh slices
        if (u.void || t?.void) {
          w.resolve(null);
          continue;
        }
        if (!(await this.settleBoth(u, t))) {
          w.reject(unsettled(this.unsettledBy));
          continue;
        }
        // a hand-back made again may have found the slice taken back, or handed it back whole
        if (u.void || t?.void || (u.held >= amount && (!t || t.held >= amount))) {
          w.resolve(null);
          continue;
        }
        asking.add(u);
        if (t) asking.add(t);
        asks.push({ w, u, t, tokenId: w.tokenId, needU: Math.max(0, amount - u.held), needT: t ? Math.max(0, amount - t.held) : 0, want: amount * this.factor });
      }
      const rows = asks.length ? await this.takeMany(asks) : [];
      // this node was declared dead: registered anew, its callers take fresh slices
      if (rows.some((row) => row?.status === STATUS_NODE_UNKNOWN)) await this.beat();
      asks.forEach(({ w, u, t }, i) => w.resolve(refusalOf(rows[i], u, t)));
    } catch (e) {
      for (const w of waiting) if (!next.includes(w)) w.reject(e);
    } finally {
      this.refills.unshift(...next);
      this.queueRefillTurn();
    }
  }

  /**
   * Refills, in the background, whichever slice has fallen under a quarter of a refill, so requests do not
   * queue behind the lease statement (which waits its turn behind log inserts on the one database thread).
   * A refusal or failure is left to the next reservation.
   */
  private topUpIfLow(u: LeaseSlice, t: LeaseSlice | null, tokenId: number, amount: number): void {
    const low = amount * (this.factor / 4);
    const leases = [u, t].filter((l): l is LeaseSlice => l !== null && l.held < low && !l.toppingUp && !this.recalled(l));
    if (leases.length === 0) return;
    for (const l of leases) l.toppingUp = true;
    const needU = leases.includes(u) ? 1 : 0;
    const needT = t && leases.includes(t) ? 1 : 0;
    void this.topUps
      .track(
        this.serial(async () => {
          if (u.void || t?.void || !(await this.settleBoth(u, t)) || u.void || t?.void) return;
          await this.take(u, t, tokenId, needU, needT, amount * this.factor);
        }),
      )
      .finally(() => {
        for (const l of leases) l.toppingUp = false;
      });
  }

  private recalled(l: LeaseSlice): boolean {
    return (this.recalledUntil.get(`${l.kind}${l.id}`) ?? 0) > Date.now();
  }

  /** One lease statement for one slice pair (a background top-up). */
  private async take(u: LeaseSlice, t: LeaseSlice | null, tokenId: number, needU: number, needT: number, want: number): Promise<LeaseRow | undefined> {
    return (await this.takeMany([{ u, t, tokenId, needU, needT, want }]))[0];
  }

  /**
   * One lease statement (ferryman_lease_seen_many) for every ask, each at most once per slice; its answers in the
   * asks' order. Only `need` of a slice just recalled is asked for. A failed statement leaves its slices unsure.
   */
  private async takeMany(asks: TakeAsk[]): Promise<(LeaseRow | undefined)[]> {
    const items = asks.map(({ u, t, tokenId, needU, needT, want }, i) => ({
      i,
      u: u.id,
      t: tokenId,
      nu: needU,
      wu: needU > 0 ? (this.recalled(u) ? needU : want) : 0,
      nt: needT,
      wt: needT > 0 && t ? (this.recalled(t) ? needT : want) : 0,
    }));
    let rows: (LeaseRow & { idx: number })[];
    try {
      rows = await this.sql<(LeaseRow & { idx: number })[]>`
        SELECT * FROM ferryman_lease_seen_many(${this.node}, ${JSON.stringify(items)}::text::json)`;
    } catch (e) {
      for (const { u, t, needU, needT } of asks) {
        if (needU > 0) u.unsure = true;
        if (needT > 0 && t) t.unsure = true;
      }
      throw e;
    }
    const byIdx = new Map(rows.map((row) => [row.idx, row]));
    return asks.map((ask, i) => {
      const row = byIdx.get(i);
      if (row) this.tookLease(ask, row);
      return row;
    });
  }

  /** A lease statement's answer for one slice pair, into its slices. */
  private tookLease({ u, t, needT }: TakeAsk, row: LeaseRow): void {
    if (row.status === STATUS_NODE_UNKNOWN) return;
    if (row.status === STATUS_TOKEN_CANCELLED) {
      if (t) this.cancelSlice(`t${t.id}`, t, true);
      return;
    }
    u.dbQuota = row.user_quota ?? 0;
    // each sum is read once its owner's row is locked: the user's unless the token was short, the token's when asked
    if (row.status !== 2) u.elsewhere = row.user_elsewhere;
    if (t) t.dbQuota = row.token_quota ?? 0;
    if (t && needT > 0) t.elsewhere = row.token_elsewhere;
    if (row.status !== 0) return;
    addTaken(u, row.user_taken);
    if (t) addTaken(t, row.token_taken);
  }

  /** Before a lease statement: the outcome of the slices' last failed ones (settle); false when unknown. */
  private async settleBoth(u: LeaseSlice, t: LeaseSlice | null): Promise<boolean> {
    return (await this.settle(u)) && (!t || (await this.settle(t)));
  }

  /**
   * After a failed lease statement: what this node's row records beyond what the slice knows it took was taken by
   * that statement, whose answer was lost; the slice holds it. (Only this node writes its row, and every write sets
   * it to what the slice has synced.) False when the row could not be read: the slice is not written until it is.
   */
  private async adoptRow(l: LeaseSlice): Promise<boolean> {
    try {
      // FOR UPDATE: a statement of the lost connection's still running holds the row; its outcome is waited for
      const [row] = await this.sql<{ amount: number }[]>`
        SELECT amount FROM quota_leases WHERE kind = ${l.kind} AND owner_id = ${l.id} AND node = ${this.node} FOR UPDATE`;
      l.unsure = false;
      // no row: nothing was taken, or an edit or a reclaim removed it (the slice's next write finds it gone)
      if (row && row.amount > l.synced) addTaken(l, row.amount - l.synced);
      this.readBacks.succeeded();
      return true;
    } catch (e) {
      this.readBacks.failed(e);
      this.unsettledBy = e;
      return false;
    }
  }
}

/**
 * A refill that cannot go on until an earlier statement's outcome is known, caused by what kept it unknown (a
 * database timeout, a full disk, a lost connection), so that the request is answered 503 as for the database.
 */
function unsettled(cause: unknown): Error {
  return new Error('the outcome of an earlier quota lease statement is still unknown', { cause });
}

/** What a refill's lease statement answered, for its reservation: the refusal, or null to try the slices again. */
function refusalOf(row: LeaseRow | undefined, u: LeaseSlice, t: LeaseSlice | null): Refusal | null {
  if (!row) return { ok: false, reason: 'user', userQuota: 0, tokenQuota: 0 };
  // 4: declared dead and registered anew; 5: the token's slice was cancelled and dropped: fresh slices are taken
  if (row.status === 0 || row.status === STATUS_NODE_UNKNOWN || row.status === STATUS_TOKEN_CANCELLED) return null;
  const reason = row.status === 2 ? 'token' : row.status === 3 ? 'token_missing' : 'user';
  return { ok: false, reason, userQuota: u.dbQuota + u.held, tokenQuota: t ? t.dbQuota + t.held : row.token_quota ?? 0 };
}

function addTaken(l: LeaseSlice, taken: number): void {
  l.held += taken;
  l.synced += taken;
  // taken after mark(): the row grew by it, so the least to record grows too
  if (l.marked !== null) l.marked += taken;
}

/** Whether a refusal of the slice's owner stands for `amount`: what the slice holds, the database had and others hold is still short of it. */
function stillRefused(l: LeaseSlice, amount: number, now: number): boolean {
  return l.refusedUntil > now && amount > l.held + l.dbQuota + l.elsewhere;
}

/** Whether other nodes hold enough of a short slice's owner that, with the database's part and the slice's, recalling it could serve `amount`. */
function othersCover(l: LeaseSlice, amount: number): boolean {
  return l.elsewhere > 0 && l.dbQuota + Math.max(0, l.held) + l.elsewhere >= amount;
}
