/**
 * A bounded FIFO processed one message at a time. Handlers are synchronous state transitions, so the
 * mailbox drains in the same tick; the bound protects against a stuck consumer growing memory.
 */
export class Mailbox<M> {
  private queue: M[] = [];
  private draining = false;
  dropped = 0;

  constructor(
    private readonly handle: (message: M) => void,
    private readonly capacity = 10_000,
  ) {}

  send(message: M): void {
    if (this.queue.length >= this.capacity) {
      this.dropped++;
      return;
    }
    this.queue.push(message);
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.queue.length) this.handle(this.queue.shift()!);
    } finally {
      this.draining = false;
    }
  }
}
