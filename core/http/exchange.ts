import type { HttpResponse } from 'uWebSockets.js';
import type { RequestSnapshot } from './request-snapshot.js';
import { statusLine } from './status-line.js';

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body exceeds ${limit} bytes`);
  }
}

export type Headers = Record<string, string>;

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
  /** headers added to every response of this exchange (e.g. CORS on the relay) */
  defaultHeaders: Headers | null = null;

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
        // uWS reuses the ArrayBuffer after this callback returns, so copy it.
        parts.push(Buffer.from(chunk.slice(0)));
        if (isLast) resolve(parts.length === 1 ? parts[0]! : Buffer.concat(parts, size));
      });
    });
  }

  send(status: number, body: string | Buffer, headers: Headers = {}): void {
    if (this.aborted || this.finished) return;
    this.finished = true;
    this.res.cork(() => {
      this.res.writeStatus(statusLine(status));
      this.res.writeHeader('X-Oneapi-Request-Id', this.requestId);
      for (const k in this.defaultHeaders) this.res.writeHeader(k, this.defaultHeaders[k]!);
      for (const k in headers) this.res.writeHeader(k, headers[k]!);
      this.res.end(body);
    });
  }

  json(status: number, body: unknown, headers: Headers = {}): void {
    this.send(status, JSON.stringify(body), { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  }

  /** Starts a chunked response; returns false if the client is already gone. */
  writeHead(status: number, headers: Headers): boolean {
    if (this.aborted || this.headWritten) return !this.aborted;
    this.headWritten = true;
    this.res.cork(() => {
      this.res.writeStatus(statusLine(status));
      this.res.writeHeader('X-Oneapi-Request-Id', this.requestId);
      for (const k in this.defaultHeaders) this.res.writeHeader(k, this.defaultHeaders[k]!);
      for (const k in headers) this.res.writeHeader(k, headers[k]!);
    });
    return true;
  }

  get headSent(): boolean {
    return this.headWritten;
  }

  /** Writes a chunk; false means the socket is backpressured and the caller should await drain(). */
  write(chunk: string | Uint8Array): boolean {
    if (this.aborted || this.finished) return false;
    let ok = false;
    this.res.cork(() => {
      ok = this.res.write(chunk);
    });
    return ok;
  }

  drain(): Promise<void> {
    if (this.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      this.drainWaiter = () => {
        this.drainWaiter = null;
        resolve();
      };
      this.res.onWritable(() => {
        this.drainWaiter?.();
        return true;
      });
    });
  }

  end(chunk?: string | Uint8Array): void {
    if (this.aborted || this.finished) return;
    this.finished = true;
    this.res.cork(() => {
      if (chunk === undefined) this.res.end();
      else this.res.end(chunk);
    });
  }

  /** Drops the connection (used when a body is too large to keep reading). */
  close(): void {
    if (this.aborted) return;
    this.finished = true;
    this.aborted = true;
    this.res.close();
  }
}
