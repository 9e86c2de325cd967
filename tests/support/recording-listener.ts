import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a stand-in provider received: its body as bytes and as text. */
export interface Seen {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  raw: Buffer;
}

export type JsonAnswer = (status: number, value: unknown) => void;

/**
 * A provider stand-in on 127.0.0.1 that records every request before its `route` answers it; the test reads
 * what the gateway sent with `sent(path prefix)`.
 */
export abstract class RecordingListener {
  readonly seen: Seen[] = [];
  url = '';
  private server!: Server;

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  sent(path: string): Seen[] {
    return this.seen.filter((s) => s.path.startsWith(path));
  }

  protected abstract route(req: IncomingMessage, res: ServerResponse, seen: Seen, json: JsonAnswer): Promise<void> | void;

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const seen: Seen = { path: req.url ?? '/', headers: req.headers, body: raw.toString('utf8'), raw };
    this.seen.push(seen);
    const json: JsonAnswer = (status, value) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    await this.route(req, res, seen, json);
  }
}
