// One request/response of the mock upstream: owns the uWS response, its timer
// and its record, and is the only place that writes to the socket.
import type { HttpResponse } from 'uWebSockets.js';
import { guarded } from '../uws/guarded.js';
import { statusLine } from '../uws/status-line.js';
import type { StreamPlan } from './plan-stream.js';
import type { MockRecord } from './request-log.js';

export class MockExchange {
  private aborted = false;
  private done = false;
  private timer: NodeJS.Timeout | undefined;
  private waitingForDrain = false;

  constructor(
    private readonly res: HttpResponse,
    private readonly record: MockRecord | null,
    private readonly onSettled: (exchange: MockExchange) => void,
  ) {
    // uWS rule: onAborted before anything asynchronous, or a disconnect crashes us.
    res.onAborted(() => {
      this.aborted = true;
      if (record && !this.done) record.aborted = true;
      this.settle();
    });
  }

  /** Runs `fn` corked after `ms`, unless the client has gone by then. */
  later(ms: number, fn: () => void): void {
    if (ms <= 0) return this.corked(fn);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.corked(fn);
    }, ms);
  }

  json(status: number, payload: unknown): void {
    this.corked(() => {
      this.res.writeStatus(statusLine(status)).writeHeader('Content-Type', 'application/json').end(JSON.stringify(payload));
      this.complete();
    });
  }

  /** A complete answer of any type (audio bytes, plain text, srt, vtt). */
  send(status: number, contentType: string, body: string | Buffer): void {
    this.corked(() => {
      this.res.writeStatus(statusLine(status)).writeHeader('Content-Type', contentType).end(body);
      this.complete();
    });
  }

  /** Plays the frames back with `gapMs` between them, pausing while the socket is backed up. */
  stream(plan: StreamPlan, gapMs: number, contentType = 'text/event-stream'): void {
    let next = 0;
    const pump = (): void => {
      while (!this.aborted) {
        if (next === plan.frames.length) return this.finishStream(plan);
        const ok = this.res.write(plan.frames[next++] ?? '');
        const last = next === plan.frames.length && plan.ending === 'end';
        if (!ok) {
          this.waitingForDrain = true;
          this.res.onWritable(() => {
            if (!this.waitingForDrain) return true;
            this.waitingForDrain = false;
            if (gapMs > 0 && !last) this.later(gapMs, pump);
            else this.corked(pump);
            return true;
          });
          return;
        }
        if (gapMs > 0 && !last) return this.later(gapMs, pump);
      }
    };
    this.corked(() => {
      this.res
        .writeStatus('200 OK')
        .writeHeader('Content-Type', contentType)
        .writeHeader('Cache-Control', 'no-cache');
      // uWS only completes the response head with the first non-empty write; an
      // SSE comment (ignored by parsers) makes "stall after 0 chunks" still answer 200.
      if (plan.frames.length === 0 && contentType === 'text/event-stream') this.res.write(': mock\n\n');
      pump();
    });
  }

  /** The server is shutting down: stop timers without touching the socket. */
  dispose(): void {
    this.aborted = true;
    this.settle();
  }

  private finishStream(plan: StreamPlan): void {
    if (plan.ending === 'end') {
      this.res.end();
      this.complete();
    } else if (plan.ending === 'reset') {
      // Closing inside the cork would discard the frames still in the cork
      // buffer; close on the next turn, once they are on the wire.
      this.timer = setTimeout(() => {
        this.timer = undefined;
        if (this.aborted) return;
        // Not a client abort: mark done first so onAborted leaves the record alone.
        this.done = true;
        this.res.close();
      }, 0);
    }
    // 'stall': leave the response open and silent until the client gives up.
  }

  private complete(): void {
    this.done = true;
    if (this.record) this.record.completed = true;
    this.settle();
  }

  private settle(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.onSettled(this);
  }

  private corked(fn: () => void): void {
    if (this.aborted) return;
    const run = guarded(fn, (error) => {
      console.error('mock upstream: handler failed', error);
      if (!this.aborted) this.res.close();
    });
    this.res.cork(run);
  }
}
