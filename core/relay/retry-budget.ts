/**
 * How many retries the relay may make: `share` of the requests that came in this second, on top of a
 * floor of `floorPerSecond` (so a small site always retries, as new-api does). When an upstream fails for
 * everyone under load, retries stop multiplying the traffic by RetryTimes: at 1 000 requests a second,
 * 220 retries at most instead of 1 000 × RetryTimes.
 */
export class RetryBudget {
  private windowStart = 0;
  private requests = 0;
  private retries = 0;

  constructor(
    private readonly share = 0.2,
    private readonly floorPerSecond = 20,
    private readonly now: () => number = Date.now,
  ) {}

  /** A request came in. */
  request(): void {
    this.roll();
    this.requests++;
  }

  /** Whether one more retry fits this second's budget (and spends it if so). */
  takeRetry(): boolean {
    this.roll();
    if (this.retries >= this.floorPerSecond + Math.floor(this.requests * this.share)) return false;
    this.retries++;
    return true;
  }

  private roll(): void {
    const second = Math.floor(this.now() / 1000);
    if (second === this.windowStart) return;
    this.windowStart = second;
    this.requests = 0;
    this.retries = 0;
  }
}
