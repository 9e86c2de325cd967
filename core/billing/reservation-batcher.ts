import type { Sql } from '../db/connect.js';

export interface ReserveItem {
  u: number;
  t: number;
  a: number;
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

/**
 * Coalesces concurrent reservations: while one statement is in flight, new requests queue and go out
 * together in the next one (ferryman_reserve_many). A lone request is sent at once, so latency at low
 * concurrency is one round trip; at high concurrency the database sees one statement per batch.
 */
export class ReservationBatcher {
  private queue: Waiting[] = [];
  private inFlight = false;

  constructor(
    private readonly sql: Sql,
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
        try {
          if (batch.length === 1) {
            const { u, t, a } = batch[0]!.item;
            const [row] = await this.sql<ReserveRow[]>`SELECT * FROM ferryman_reserve(${u}, ${t}, ${a})`;
            batch[0]!.resolve(row);
            continue;
          }
          const rows = await this.sql<(ReserveRow & { idx: number })[]>`
            SELECT * FROM ferryman_reserve_many(${JSON.stringify(batch.map((w) => w.item))}::text::json)`;
          const byIdx = new Map(rows.map((r) => [r.idx, r]));
          batch.forEach((w, i) => w.resolve(byIdx.get(i)));
        } catch (e) {
          for (const w of batch) w.reject(e);
        }
      }
    } finally {
      this.inFlight = false;
    }
  }
}
