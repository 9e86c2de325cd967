import type { HttpResponse } from 'uWebSockets.js';
import type { RequestSnapshot } from './request-snapshot.js';
import { statusLine } from './status-line.js';

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body exceeds ${limit} bytes`);
  }
}

export type Headers = Record<string, string>;

/** Queued stream output past this many characters is written at once instead of at the end of the turn. */
const FLUSH_AT = 16 * 1024;

/**
 * One request/response pair. Wraps the uWS response so handlers never touch it after an abort, cork
 * writes made outside uWS callbacks, and wait on backpressure instead of buffering without bound.
 */
export class Exchange {
  aborted = false;
  finished = false;
  private abortHandlers: Array<() => void> = [];
  private drainWaiter: (() => void) | null = null;
  private headWritten = false;
  /** a committed head not yet on the wire */
  private head: { status: number; headers: Headers } | null = null;
  private pending = '';
  private flushScheduled = false;
  /** the last write hit backpressure; nothing more goes out until the socket drains */
  private blocked = false;
  /** headers added to every response of this exchange (e.g. CORS on the relay) */
  defaultHeaders: Headers | null = null;
  /** chunks queued by write() so far (a keep-alive pings only when this has not moved) */
  writes = 0;
  /** the status committed to the client; 0 while none is (metrics read it when the request is over) */
  status = 0;

  constructor(
    readonly res: HttpResponse,
    readonly req: RequestSnapshot,
    readonly requestId: string,
  ) {
    res.onAborted(() => {
      this.aborted = true;
      this.drainWaiter?.();
      for (const h of this.abortHandlers.splice(0)) h();
    });
  }

  onAbort(fn: () => void): void {
    if (this.aborted) fn();
    else this.abortHandlers.push(fn);
  }

  /** Must be called synchronously inside the uWS handler: uWS delivers body chunks only to a listener set then. */
  readBody(limit: number): Promise<Buffer> {
    const declared = Number(this.req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > limit) return Promise.reject(new BodyTooLargeError(limit));
    return new Promise((resolve, reject) => {
      const parts: Buffer[] = [];
      let size = 0;
      let failed = false;
      this.onAbort(() => reject(new Error('client aborted')));
      this.res.onData((chunk, isLast) => {
        if (failed) return;
        size += chunk.byteLength;
        if (size > limit) {
          failed = true;
          reject(new BodyTooLargeError(limit));
          return;
        }
        // uWS reuses the ArrayBuffer after this callback returns, so copy it: into a Buffer, which for a small
        // body is a slice of Node's pool rather than a new ArrayBuffer (~0.15 vs ~0.8 µs, and less for the GC)
        const copy = Buffer.allocUnsafe(chunk.byteLength);
        copy.set(new Uint8Array(chunk));
        parts.push(copy);
        if (isLast) resolve(parts.length === 1 ? parts[0]! : Buffer.concat(parts, size));
      });
    });
  }

  send(status: number, body: string | Buffer, headers: Headers = {}): void {
    if (this.aborted || this.finished) return;
    this.finished = true;
    this.status = status;
    this.head = { status, headers };
    this.res.cork(() => {
      this.writePendingHead();
      this.res.end(body);
    });
  }

  json(status: number, body: unknown, headers: Headers = {}): void {
    this.send(status, JSON.stringify(body), { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  }

  /**
   * Commits a streamed response's status and headers. They go out with the first flush, so a stream costs
   * one syscall per batch of writes rather than one for the head and one per write.
   */
  writeHead(status: number, headers: Headers): boolean {
    if (this.aborted || this.headWritten) return !this.aborted;
    this.headWritten = true;
    this.status = status;
    this.head = { status, headers };
    this.scheduleFlush();
    return true;
  }

  get headSent(): boolean {
    return this.headWritten;
  }

  /**
   * Queues a chunk of a streamed response; what is queued in one turn of the event loop goes out in one
   * write. False means the socket is backpressured: the caller should await drain() before writing more.
   */
  write(chunk: string): boolean {
    if (this.aborted || this.finished) return false;
    this.writes++;
    this.pending += chunk;
    if (this.blocked) return false;
    if (this.pending.length >= FLUSH_AT) return this.flush();
    this.scheduleFlush();
    return true;
  }

  /**
   * Sends a chunk of bytes now, after what is queued (an answer relayed as the upstream's bytes: speech audio).
   * False means the socket is backpressured: await drain() before writing more.
   */
  writeBytes(chunk: Buffer): boolean {
    if (this.aborted || this.finished) return false;
    this.writes++;
    const queued = this.pending;
    this.pending = '';
    let ok = true;
    // uWS keeps what it could not send yet: both writes are buffered, `ok` says whether to wait
    this.res.cork(() => {
      this.writePendingHead();
      if (queued) ok = this.res.write(queued);
      ok = this.res.write(chunk) && ok;
    });
    if (!ok) this.blocked = true;
    return ok;
  }

  drain(): Promise<void> {
    if (this.aborted || !this.blocked) return Promise.resolve();
    return new Promise((resolve) => {
      this.drainWaiter = () => {
        this.drainWaiter = null;
        resolve();
      };
      this.res.onWritable(() => {
        this.blocked = false;
        const ok = this.flush();
        if (ok) this.drainWaiter?.();
        return ok;
      });
    });
  }

  end(chunk = ''): void {
    if (this.aborted || this.finished) return;
    this.finished = true;
    const body = this.pending + chunk;
    this.pending = '';
    this.res.cork(() => {
      this.writePendingHead();
      this.res.end(body);
    });
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      if (!this.blocked) this.flush();
    });
  }

  /** Sends the pending head and chunks in one corked write; false when the socket is backpressured. */
  private flush(): boolean {
    if (this.aborted || this.finished) return false;
    if (!this.head && !this.pending) return true;
    let ok = true;
    const out = this.pending;
    this.pending = '';
    this.res.cork(() => {
      this.writePendingHead();
      if (out) ok = this.res.write(out);
    });
    if (!ok) this.blocked = true;
    return ok;
  }

  private writePendingHead(): void {
    const head = this.head;
    if (!head) return;
    this.head = null;
    this.res.writeStatus(statusLine(head.status));
    this.res.writeHeader('X-Oneapi-Request-Id', this.requestId);
    for (const k in this.defaultHeaders) this.res.writeHeader(k, this.defaultHeaders[k]!);
    for (const k in head.headers) this.res.writeHeader(k, head.headers[k]!);
  }

  /** Drops the connection (used when a body is too large to keep reading). */
  close(): void {
    if (this.aborted) return;
    this.finished = true;
    this.aborted = true;
    this.res.close();
  }
}
