// What the mock received, for tests to assert on. A ring buffer so a long run
// (or a benchmark that forgot --no-record) keeps bounded memory.

export interface MockRecord {
  /** Increasing per server, survives reset, so tests can tell requests apart. */
  id: number;
  method: string;
  path: string;
  query: string;
  /** Lower-cased names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Parsed JSON, the raw text when it is not JSON, null when empty or not yet received. */
  body: unknown;
  /** Epoch milliseconds when the request arrived. */
  time: number;
  /** The client went away before the mock finished its answer. */
  aborted: boolean;
  /** The mock finished its answer (false while in flight, stalled, or reset). */
  completed: boolean;
}

export const DEFAULT_MAX_RECORDS = 10_000;

export class RequestLog {
  private items: MockRecord[] = [];
  private oldest = 0;

  constructor(readonly capacity: number = DEFAULT_MAX_RECORDS) {}

  add(record: MockRecord): void {
    if (this.items.length < this.capacity) {
      this.items.push(record);
      return;
    }
    this.items[this.oldest] = record;
    this.oldest = (this.oldest + 1) % this.capacity;
  }

  /** Oldest first. */
  list(): MockRecord[] {
    return this.items.slice(this.oldest).concat(this.items.slice(0, this.oldest));
  }

  clear(): void {
    this.items = [];
    this.oldest = 0;
  }
}
