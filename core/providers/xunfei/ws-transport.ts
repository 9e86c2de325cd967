import { isIP } from 'node:net';
import WebSocket, { type RawData } from 'ws';
import { policyLookup, resolveAllowed, type OutboundPolicy } from '../../upstream/outbound-policy.js';
import { UpstreamBody } from '../../upstream/upstream-body.js';
import { readWsRefusal } from '../../upstream/ws-refusal.js';
import type { UpstreamCall as UpstreamSending, UpstreamRequest, UpstreamResponse } from '../../upstream/upstream-client.js';
import type { Transport } from '../provider.js';

/** The largest frame taken from the upstream; bigger closes the socket (ws refuses it). */
const MAX_FRAME = 16 * 1024 * 1024;
export interface WsExchange {
  /** whether this message is the upstream's last (its answer is complete; the socket is closed here) */
  isLast(message: string): boolean;
}

/** One WebSocket message as one SSE event (each line of a multi-line message its own `data:` line). */
export const sseEventOf = (message: string): string => `data: ${message.replace(/\r\n|\r|\n/g, '\ndata: ')}\n\n`;

const timeout = (code: string, message: string) => Object.assign(new Error(message), { code });

/**
 * A request/answer exchange over a WebSocket as a `Transport`: the upgrade GET goes to the call's ws(s) URL
 * (http(s) taken as ws(s)) through the outbound policy, the call's body is sent as one text message, and
 * every message received is one SSE event of a 200 answer, until `isLast` says the answer is complete. A
 * refused upgrade is that HTTP answer; a socket that closes before the last message fails the body (the
 * relay's mid-stream failure). FIRST_BYTE_TIMEOUT bounds the wait for the first message, STREAMING_TIMEOUT
 * the silence between the next ones, with the HTTP client's error codes so the relay words them alike.
 */
export const wsTransport =
  (exchange: WsExchange): Transport =>
  (request, ctx) =>
    new WsCall(request, ctx.policy, exchange);

class WsCall implements UpstreamSending {
  readonly response: Promise<UpstreamResponse>;
  private resolve!: (r: UpstreamResponse) => void;
  private reject!: (e: Error) => void;
  private socket: WebSocket | null = null;
  private body: UpstreamBody | null = null;
  private abortReason: Error | null = null;
  private finished = false;
  private timer: NodeJS.Timeout | null = null;
  private messages = 0;

  constructor(
    private readonly request: UpstreamRequest,
    policy: OutboundPolicy,
    private readonly exchange: WsExchange,
  ) {
    this.response = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    this.open(policy).catch((e: Error) => this.fail(e));
  }

  abort(reason: Error): void {
    if (this.abortReason) return;
    this.abortReason = reason;
    this.fail(reason);
  }

  private async open(policy: OutboundPolicy): Promise<void> {
    const url = this.request.url.replace(/^http(s?):\/\//i, 'ws$1://');
    const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
    // Node skips `lookup` for an IP literal, so that one is checked here; a name by the policy's lookup
    if (isIP(host)) await resolveAllowed(host, policy);
    if (this.abortReason) return;
    const socket = new WebSocket(url, {
      headers: this.request.headers,
      lookup: policyLookup(policy),
      handshakeTimeout: this.request.firstByteTimeoutMs || undefined,
      maxPayload: MAX_FRAME,
      perMessageDeflate: false,
      followRedirects: false,
    });
    this.socket = socket;
    socket.on('error', (e) => this.fail(e));
    socket.once('unexpected-response', (req, res) => {
      readWsRefusal(req, res).then(
        (refusal) => {
          const body = new UpstreamBody(this.controller());
          body.push(refusal.body);
          body.end();
          this.finished = true;
          this.resolve({ status: refusal.status, headers: refusal.headers, body });
        },
        (e: Error) => this.fail(e),
      );
    });
    socket.once('open', () => {
      this.body = new UpstreamBody(this.controller());
      this.arm(this.request.firstByteTimeoutMs, 'UND_ERR_HEADERS_TIMEOUT', 'no first message from the upstream in time');
      socket.send(this.request.body ?? '');
      this.resolve({ status: 200, headers: { 'content-type': 'text/event-stream' }, body: this.body });
    });
    socket.on('message', (data: RawData) => this.message(data));
    socket.once('close', () => {
      this.disarm();
      if (!this.finished) this.fail(new Error('upstream closed the socket before its answer ended'));
    });
  }

  private message(data: RawData): void {
    if (this.finished || !this.body) return;
    const text = (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
    if (this.messages++ === 0) {
      this.disarm();
      this.arm(this.request.idleTimeoutMs, 'UND_ERR_BODY_TIMEOUT', 'upstream silent for too long');
    } else this.timer?.refresh();
    this.body.push(Buffer.from(sseEventOf(text), 'utf8'));
    if (this.exchange.isLast(text)) {
      this.finished = true;
      this.disarm();
      this.body.end();
      this.socket?.close(1000);
    }
  }

  /** Ends the call with an error: the pending head rejects, or the body being read fails. */
  private fail(e: Error): void {
    this.disarm();
    if (!this.finished) {
      this.finished = true;
      if (this.body) this.body.fail(e);
      else this.reject(e);
    }
    this.socket?.terminate();
  }

  private arm(ms: number, code: string, message: string): void {
    if (ms > 0) this.timer = setTimeout(() => this.fail(timeout(code, message)), ms);
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The body's view of the socket: backpressure pauses reading, destroying the body closes the socket. */
  private controller() {
    const call = this;
    return {
      get aborted() {
        return call.finished;
      },
      get paused() {
        return call.socket?.isPaused ?? false;
      },
      get reason() {
        return call.abortReason;
      },
      abort() {
        call.finished = true;
        call.disarm();
        call.socket?.terminate();
      },
      pause() {
        call.socket?.pause();
      },
      resume() {
        call.socket?.resume();
      },
    };
  }
}
