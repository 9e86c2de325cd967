import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** What the mock got: the upgrade's path and the request message. */
export interface SparkSeen {
  path: string;
  body: { header: { app_id: string; uid?: string }; parameter: { chat: Record<string, unknown> }; payload: { message: { text: Array<{ role: string; content: string }> }; functions?: unknown } };
}

export interface MockSpark {
  /** http://127.0.0.1:port, as a channel's base URL is stored */
  url: string;
  seen: SparkSeen[];
  close(): Promise<void>;
}

export const SPARK_TEXT = ['Hello ', 'from ', 'Spark mock.'];
/** the usage of the last frame: 10 prompt, 20 completion */
export const SPARK_USAGE = { question_tokens: 4, prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 };

const frame = (seq: number, status: number, content: string, usage?: object) => ({
  header: { code: 0, message: 'Success', sid: 'cht000mock', status },
  payload: { choices: { status, seq, text: [{ content, role: 'assistant', index: 0 }] }, ...(usage ? { usage: { text: usage } } : {}) },
});

/** Checks the upgrade the way Xunfei documents it: host and date present and fresh, the HMAC recomputed with the key's secret. */
function authProblem(req: IncomingMessage, secrets: Readonly<Record<string, string>>): string | null {
  const u = new URL(req.url ?? '/', 'http://mock');
  const host = u.searchParams.get('host');
  const date = u.searchParams.get('date');
  const authorization = u.searchParams.get('authorization');
  if (!host || !date || !authorization) return 'HMAC signature cannot be verified: missing host, date or authorization';
  if (host !== req.headers.host) return 'HMAC signature cannot be verified: host mismatch';
  if (!Number.isFinite(Date.parse(date)) || Math.abs(Date.now() - Date.parse(date)) > 300_000) return 'HMAC signature cannot be verified, a valid date or x-date header is required';
  const line = Buffer.from(authorization, 'base64').toString('utf8');
  const key = /(?:hmac username|api_key)="([^"]*)"/.exec(line)?.[1];
  const signature = /signature="([^"]*)"/.exec(line)?.[1];
  if (!/algorithm="hmac-sha256"/.test(line) || !/headers="host date request-line"/.test(line)) return 'HMAC signature cannot be verified: bad credential line';
  const secret = key === undefined ? undefined : secrets[key];
  if (secret === undefined) return 'HMAC signature cannot be verified: unknown api key';
  const expected = createHmac('sha256', secret).update(`host: ${host}\ndate: ${date}\nGET ${u.pathname} HTTP/1.1`).digest('base64');
  return signature === expected ? null : 'HMAC signature does not match';
}

/**
 * A Spark WebSocket upstream on 127.0.0.1 (ws WebSocketServer): refuses an upgrade whose authentication does
 * not verify with HTTP 401 and Xunfei's JSON message, then answers the one request message with frames,
 * chosen by the last user message: `audit` gets an error frame (code 10013), `die` two frames and a dropped
 * socket, anything else SPARK_TEXT in three frames, the last (status 2) with SPARK_USAGE.
 */
export async function startMockSpark(secrets: Readonly<Record<string, string>>): Promise<MockSpark> {
  const seen: SparkSeen[] = [];
  const wss = new WebSocketServer({ noServer: true });
  const server = createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const problem = authProblem(req, secrets);
    if (problem) {
      const body = JSON.stringify({ message: problem });
      socket.end(`HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => answer(ws, new URL(req.url ?? '/', 'http://mock').pathname));
  });
  const answer = (ws: WebSocket, path: string) => {
    ws.once('message', (data) => {
      const body = JSON.parse(data.toString()) as SparkSeen['body'];
      seen.push({ path, body });
      const last = body.payload.message.text.at(-1)?.content ?? '';
      if (last.includes('audit')) {
        ws.send(JSON.stringify({ header: { code: 10013, message: 'input content audit failed', sid: 'cht000mock', status: 2 } }));
        ws.close();
        return;
      }
      ws.send(JSON.stringify(frame(0, 0, SPARK_TEXT[0]!)));
      ws.send(JSON.stringify(frame(1, 1, SPARK_TEXT[1]!)));
      // the socket dies before the last frame: the client must not take the answer as complete
      if (last.includes('die')) return void setTimeout(() => ws.terminate(), 20);
      ws.send(JSON.stringify(frame(2, 2, SPARK_TEXT[2]!, SPARK_USAGE)));
    });
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: async () => {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
