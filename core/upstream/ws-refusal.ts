import type { ClientRequest, IncomingMessage } from 'node:http';

/** How much of a refused handshake's body is kept: the upstream's error message, not a whole page. */
const MAX_REFUSAL_BODY = 64 * 1024;

export interface WsRefusal {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/**
 * The answer to a WebSocket handshake the upstream refused (ws's `unexpected-response`): its status, headers
 * and the head of its body, for the client's error. The request is destroyed once read, so no socket lingers.
 */
export function readWsRefusal(req: ClientRequest, res: IncomingMessage): Promise<WsRefusal> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (c: Buffer) => {
      if (size < MAX_REFUSAL_BODY) chunks.push(c);
      size += c.length;
    });
    res.once('end', () => {
      req.destroy();
      resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks).subarray(0, MAX_REFUSAL_BODY) });
    });
    res.once('error', reject);
  });
}
