import type { Logger } from './logger.js';

/**
 * The log of a job that fails every round while its cause lasts (a flush while the database is down, locked or out
 * of disk): one error when the streak starts, one a minute while it goes on (with the count), one line when a round
 * succeeds again, instead of an error every round (every 0.1–1 s) that buries the first one and everything else.
 */
export class FailureStreak {
  private failures = 0;
  private loggedAt = 0;

  constructor(
    /** the job, for the log: "counter flush" */
    private readonly what: string,
    private readonly log: Pick<Logger, 'error' | 'info'>,
    private readonly everyMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  failed(e: unknown, fields: Record<string, unknown> = {}): void {
    this.failures++;
    const t = this.now();
    if (this.failures > 1 && t - this.loggedAt < this.everyMs) return;
    this.loggedAt = t;
    this.log.error(`${this.what} failed; will retry`, { error: String(e), ...(this.failures > 1 ? { failures: this.failures } : {}), ...fields });
  }

  succeeded(): void {
    if (this.failures === 0) return;
    this.log.info(`${this.what} succeeded again`, { failures: this.failures });
    this.failures = 0;
  }

  /** Waits for a round and records how it went; never rejects. */
  track(round: Promise<unknown>): Promise<void> {
    return round.then(
      () => this.succeeded(),
      (e: unknown) => this.failed(e),
    );
  }
}
