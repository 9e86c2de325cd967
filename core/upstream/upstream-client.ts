import { Agent, type Dispatcher } from 'undici';
import type { Env } from '../config/env.js';
import { adminUrlPolicy, policyConnector, type OutboundPolicy, type Resolve } from './outbound-policy.js';
import { UpstreamBody } from './upstream-body.js';

type IncomingHttpHeaders = Record<string, string | string[] | undefined>;

export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: UpstreamBody;
}

export interface UpstreamRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | Buffer;
  /** time to response headers, ms */
  firstByteTimeoutMs: number;
  /** max silence between body chunks, ms (the stream idle timeout) */
  idleTimeoutMs: number;
}

/** One upstream call in flight: its answer, and a way to cancel it (client gone, relay timeout). */
export interface UpstreamCall {
  response: Promise<UpstreamResponse>;
  abort(reason: Error): void;
}

const ORIGIN = /^(https?:\/\/[^/?#]+)(.*)$/i;

/**
 * One keep-alive pool per upstream origin (undici Agent), with separate first-byte and idle timeouts.
 * Calls go through undici's dispatch interface with our own handler rather than `request()`: the relay
 * needs neither a Node stream nor an AbortSignal per request, and both showed up as a tenth of the
 * gateway's CPU per request in profiles. Every new connection goes through the outbound policy
 * (policyConnector: the address actually connected to is checked); a pooled one costs no check per call.
 */
export class UpstreamClient {
  private readonly agent: Agent;

  constructor(opts: { policy: OutboundPolicy; connectionsPerOrigin?: number; resolve?: Resolve }) {
    this.agent = new Agent({
      connections: opts.connectionsPerOrigin ?? 512,
      pipelining: 1,
      keepAliveTimeout: 60_000,
      keepAliveMaxTimeout: 600_000,
      connect: policyConnector(opts.policy, opts.resolve),
    });
  }

  /** The client of the relays and the task poller: channel base URLs are the operator's (adminUrlPolicy). */
  static forChannels(env: Pick<Env, 'ADMIN_URL_ALLOW_PRIVATE' | 'ADMIN_URL_ALLOW_METADATA'>, connectionsPerOrigin?: number): UpstreamClient {
    return new UpstreamClient({ policy: adminUrlPolicy(env), connectionsPerOrigin });
  }

  send(r: UpstreamRequest): UpstreamCall {
    const handler = new CallHandler();
    const m = ORIGIN.exec(r.url);
    if (!m) {
      handler.onResponseError(null, new TypeError('invalid upstream URL'));
      return handler;
    }
    this.agent.dispatch(
      {
        origin: m[1]!,
        path: m[2] || '/',
        method: r.method,
        headers: r.headers,
        body: r.body ?? null,
        headersTimeout: r.firstByteTimeoutMs,
        bodyTimeout: r.idleTimeoutMs,
      },
      handler,
    );
    return handler;
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** undici's dispatch callbacks turned into one promise for the head and an UpstreamBody for the rest. */
class CallHandler implements Dispatcher.DispatchHandler, UpstreamCall {
  readonly response: Promise<UpstreamResponse>;
  private resolve!: (r: UpstreamResponse) => void;
  private reject!: (e: Error) => void;
  private controller: Dispatcher.DispatchController | null = null;
  private abortReason: Error | null = null;
  private body: UpstreamBody | null = null;

  constructor() {
    this.response = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  abort(reason: Error): void {
    if (this.abortReason) return;
    this.abortReason = reason;
    // Before undici hands over its controller the call is still queued; it is cancelled when it starts.
    this.controller?.abort(reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.abortReason) controller.abort(this.abortReason);
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    if (statusCode < 200) return; // 1xx informational heads; the real one follows
    this.body = new UpstreamBody(controller);
    this.resolve({ status: statusCode, headers, body: this.body });
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.body?.push(chunk);
  }

  onResponseEnd(): void {
    this.body?.end();
  }

  onResponseError(_controller: Dispatcher.DispatchController | null, error: Error): void {
    if (this.body) this.body.fail(error);
    else this.reject(error);
  }
}
