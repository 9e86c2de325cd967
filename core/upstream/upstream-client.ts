import { Agent, request } from 'undici';

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Buffer> & { text(): Promise<string>; destroy(err?: Error): void };
}

export interface UpstreamRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | Buffer;
  signal: AbortSignal;
  /** time to response headers, ms */
  firstByteTimeoutMs: number;
  /** max silence between body chunks, ms (the stream idle timeout) */
  idleTimeoutMs: number;
}

/**
 * One keep-alive pool per upstream origin (undici Agent), with separate first-byte and idle timeouts and
 * cancellation through the request's AbortSignal so a client disconnect stops the upstream work too.
 */
export class UpstreamClient {
  private readonly agent: Agent;

  constructor(opts: { connectionsPerOrigin?: number } = {}) {
    this.agent = new Agent({
      connections: opts.connectionsPerOrigin ?? 512,
      pipelining: 1,
      keepAliveTimeout: 60_000,
      keepAliveMaxTimeout: 600_000,
      connect: { timeout: 10_000 },
    });
  }

  async send(r: UpstreamRequest): Promise<UpstreamResponse> {
    const res = await request(r.url, {
      dispatcher: this.agent,
      method: r.method,
      headers: r.headers,
      body: r.body ?? null,
      signal: r.signal,
      headersTimeout: r.firstByteTimeoutMs,
      bodyTimeout: r.idleTimeoutMs,
    });
    return { status: res.statusCode, headers: res.headers, body: res.body as unknown as UpstreamResponse['body'] };
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
