import type { Dispatcher } from 'undici';

/** Chunks queued beyond this while nobody reads pause the upstream socket (TCP backpressure). */
const HIGH_WATER_BYTES = 256 * 1024;

/**
 * An upstream response body as undici pushes it, read with `for await`. A slow reader pauses the
 * socket instead of letting chunks pile up; `destroy` cancels the call.
 */
export class UpstreamBody implements AsyncIterable<Buffer> {
  private readonly queue: Buffer[] = [];
  private queuedBytes = 0;
  private done = false;
  private error: Error | null = null;
  private waiter: { resolve: (r: IteratorResult<Buffer>) => void; reject: (e: Error) => void } | null = null;
  /** readAll's gathering: chunks go straight into it, with no queue, iterator result or promise per chunk */
  private whole: { parts: Buffer[]; size: number; cap: number; resolve: (b: Buffer) => void; reject: (e: Error) => void } | null = null;

  constructor(private readonly controller: Dispatcher.DispatchController) {}

  push(chunk: Buffer): void {
    if (this.done) return;
    if (this.whole) {
      this.gather(chunk);
      return;
    }
    const w = this.waiter;
    if (w) {
      this.waiter = null;
      w.resolve({ value: chunk, done: false });
      return;
    }
    this.queue.push(chunk);
    this.queuedBytes += chunk.length;
    if (this.queuedBytes > HIGH_WATER_BYTES && !this.controller.paused) this.controller.pause();
  }

  end(): void {
    this.done = true;
    this.settleWhole();
    const w = this.waiter;
    this.waiter = null;
    w?.resolve({ value: undefined, done: true });
  }

  fail(error: Error): void {
    if (this.done) return;
    this.done = true;
    this.error = error;
    this.whole?.reject(error);
    this.whole = null;
    const w = this.waiter;
    this.waiter = null;
    w?.reject(error);
  }

  /** Cancels the rest of the body; later reads end. */
  destroy(reason: Error = new Error('upstream body destroyed')): void {
    if (this.done) return;
    this.done = true;
    this.queue.length = 0;
    if (!this.controller.aborted) this.controller.abort(reason);
    this.settleWhole();
    const w = this.waiter;
    this.waiter = null;
    w?.resolve({ value: undefined, done: true });
  }

  /**
   * The rest of the body in one buffer, at most `cap` bytes: past it the call is cancelled and the read fails
   * (what `readCapped` does with `for await`, without a promise per chunk). Not to be mixed with iterating.
   */
  readAll(cap: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.whole = { parts: [], size: 0, cap, resolve, reject };
      const queued = this.queue.splice(0);
      this.queuedBytes = 0;
      for (const chunk of queued) if (this.whole) this.gather(chunk);
      if (!this.whole) return;
      if (this.error) {
        this.whole = null;
        reject(this.error);
      } else if (this.done) this.settleWhole();
      else if (this.controller.paused) this.controller.resume();
    });
  }

  private gather(chunk: Buffer): void {
    const w = this.whole!;
    w.size += chunk.length;
    if (w.size > w.cap) {
      this.whole = null;
      this.destroy();
      w.reject(new Error(`upstream response larger than ${w.cap} bytes`));
      return;
    }
    w.parts.push(chunk);
  }

  /** The body ended (or was cancelled): readAll gets what came. */
  private settleWhole(): void {
    const w = this.whole;
    if (!w) return;
    this.whole = null;
    w.resolve(w.parts.length === 1 ? w.parts[0]! : Buffer.concat(w.parts, w.size));
  }

  private next(): Promise<IteratorResult<Buffer>> {
    const chunk = this.queue.shift();
    if (chunk) {
      this.queuedBytes -= chunk.length;
      if (this.controller.paused && this.queuedBytes <= HIGH_WATER_BYTES / 2) this.controller.resume();
      return Promise.resolve({ value: chunk, done: false });
    }
    if (this.error) return Promise.reject(this.error);
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }

  [Symbol.asyncIterator](): AsyncIterator<Buffer> {
    return {
      next: () => this.next(),
      // `break` out of a for-await: the rest is not wanted.
      return: () => {
        this.destroy();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}
