/**
 * A cap on requests in flight. Beyond it a request is refused at once (the caller answers 503 with
 * Retry-After) instead of queueing, so a flood costs a small answer each rather than latency, memory and
 * upstream connections for everyone. `limit` 0 counts without refusing.
 */
export class InFlightGate {
  private n = 0;
  private shut = false;

  constructor(readonly limit: number) {}

  get inFlight(): number {
    return this.n;
  }

  /** A stopping gateway takes no new request (kept-alive connections would otherwise bring some after its last flush). */
  close(): void {
    this.shut = true;
  }

  get closed(): boolean {
    return this.shut;
  }

  /**
   * A slot, or null when the cap is reached. The slot's `release` is idempotent, so a request that ends
   * through several paths (finally, abort) frees its slot exactly once.
   */
  enter(): (() => void) | null {
    if (this.shut || (this.limit > 0 && this.n >= this.limit)) return null;
    this.n++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.n--;
    };
  }
}
