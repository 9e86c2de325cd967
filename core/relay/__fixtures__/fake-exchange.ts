import type { HttpResponse } from 'uWebSockets.js';
import { Exchange } from '../../http/exchange.js';
import type { RequestSnapshot } from '../../http/request-snapshot.js';

/** What a fake client connection received. */
export interface Received {
  status: string;
  headers: Record<string, string>;
  body: string;
  ended: boolean;
}

/** An Exchange over a fake uWS response that records what the client would read. */
export function fakeExchange(req: Partial<RequestSnapshot>): { ex: Exchange; received: Received } {
  const received: Received = { status: '', headers: {}, body: '', ended: false };
  const res = {
    onAborted: () => res,
    onData: () => res,
    onWritable: () => res,
    cork: (fn: () => void) => (fn(), res),
    writeStatus: (s: string) => ((received.status = s), res),
    writeHeader: (k: string, v: string) => ((received.headers[k.toLowerCase()] = v), res),
    write: (chunk: string | Buffer) => ((received.body += chunk.toString()), true),
    end: (chunk?: string | Buffer) => {
      if (chunk) received.body += chunk.toString();
      received.ended = true;
      return res;
    },
    close: () => res,
  } as unknown as HttpResponse;
  const snapshot: RequestSnapshot = { method: 'POST', path: '/', query: '', headers: {}, params: [], remoteIp: '127.0.0.1', ...req };
  return { ex: new Exchange(res, snapshot, 'req-1'), received };
}
