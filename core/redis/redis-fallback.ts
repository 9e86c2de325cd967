import type { Logger } from '../log/logger.js';

/**
 * What every count kept in Redis does while Redis cannot answer (the spec's fault P6): the count goes on in this
 * process, as it would without Redis, instead of refusing requests or failing them (new-api answers 500). One
 * warning when an outage starts and one line when Redis answers again, not one per request.
 */
export class RedisFallback {
  private down = false;

  constructor(
    /** what counts in Redis, for the log: "the per-IP rate limits" */
    private readonly what: string,
    private readonly log: Pick<Logger, 'warn' | 'info'>,
  ) {}

  async run<T>(shared: () => Promise<T>, local: () => T | Promise<T>): Promise<T> {
    let value: T;
    try {
      value = await shared();
    } catch (e) {
      if (!this.down) this.log.warn(`${this.what} cannot reach Redis; counting in this process until it answers`, { error: String(e) });
      this.down = true;
      return local();
    }
    if (this.down) this.log.info(`${this.what} count in Redis again`);
    this.down = false;
    return value;
  }
}
