import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { testConfig } from '../../actors/test-channel-config.js';
import { readCapped } from '../../upstream/read-capped.js';
import { sseEventOf, wsTransport } from './ws-transport.js';

// A real socket on 127.0.0.1: what the server does is chosen by the request message it gets.
type Script = (ws: WebSocket) => void;
const SCRIPTS: Record<string, Script> = {
  three: (ws) => ['a', 'b', 'end'].forEach((m) => ws.send(m)),
  early: (ws) => {
    ws.send('a');
    setTimeout(() => ws.terminate(), 10);
  },
  silent: () => undefined,
  stall: (ws) => ws.send('a'),
};

let server: Server;
let base: string;
let upgrades = 0;
const closedByClient: boolean[] = [];

beforeAll(async () => {
  const wss = new WebSocketServer({ noServer: true });
  server = createServer();
  server.on('upgrade', (req, socket: Socket, head) => {
    upgrades++;
    if (req.url?.startsWith('/refuse')) {
      socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\ncontent-length: 17\r\n\r\n{"message":"no"}\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.once('message', (m) => SCRIPTS[m.toString()]!(ws));
      ws.once('close', (code) => closedByClient.push(code === 1000));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const transport = wsTransport({ isLast: (m) => m === 'end' });
const ctx = (allowPrivate = true) => ({ ch: testConfig(), policy: { allowPrivate, allowMetadata: false } });
const send = (body: string, path = '/chat', over: { firstByteTimeoutMs?: number; idleTimeoutMs?: number; allowPrivate?: boolean } = {}) =>
  transport({ url: `${base}${path}`, method: 'POST', headers: {}, body, firstByteTimeoutMs: over.firstByteTimeoutMs ?? 2000, idleTimeoutMs: over.idleTimeoutMs ?? 2000 }, ctx(over.allowPrivate));
const text = async (c: ReturnType<typeof send>) => {
  const res = await c.response;
  return { status: res.status, type: res.headers['content-type'], body: (await readCapped(res.body, 1 << 20)).toString('utf8') };
};

describe('sseEventOf', () => {
  it.each([
    ['{"a":1}', 'data: {"a":1}\n\n'],
    ['line one\nline two', 'data: line one\ndata: line two\n\n'],
    ['crlf\r\nend', 'data: crlf\ndata: end\n\n'],
  ])('%j', (message, event) => {
    expect(sseEventOf(message)).toBe(event);
  });
});

describe('wsTransport', () => {
  it('sends the body as one message and answers 200 with one SSE event per message, up to the last', async () => {
    expect(await text(send('three'))).toEqual({ status: 200, type: 'text/event-stream', body: 'data: a\n\ndata: b\n\ndata: end\n\n' });
    // the client closes the socket once the answer is complete
    await expect.poll(() => closedByClient.at(-1)).toBe(true);
  });

  it('answers a refused upgrade with its status and body', async () => {
    expect(await text(send('three', '/refuse'))).toMatchObject({ status: 401, body: '{"message":"no"}\n' });
  });

  it('fails the body when the socket closes before the last message', async () => {
    await expect(text(send('early'))).rejects.toThrow('upstream closed the socket before its answer ended');
  });

  it.each([
    ['silent', 'UND_ERR_HEADERS_TIMEOUT'],
    ['stall', 'UND_ERR_BODY_TIMEOUT'],
  ])('%s upstream: the timeout fails with the HTTP client code %s', async (script, code) => {
    await expect(text(send(script, '/chat', { firstByteTimeoutMs: 150, idleTimeoutMs: 150 }))).rejects.toMatchObject({ code });
  });

  it('refuses an address the policy forbids before any connection', async () => {
    const before = upgrades;
    await expect(send('three', '/chat', { allowPrivate: false }).response).rejects.toThrow();
    expect(upgrades).toBe(before);
  });

  it('an abort fails the call with its reason', async () => {
    const c = send('silent');
    const res = await c.response;
    const reading = readCapped(res.body, 1 << 20);
    c.abort(Object.assign(new Error('client closed the request'), { code: 'CLIENT_GONE' }));
    await expect(reading).rejects.toMatchObject({ code: 'CLIENT_GONE' });
  });

  it('destroying the body closes the socket', async () => {
    const res = await send('stall').response;
    const n = closedByClient.length;
    res.body.destroy();
    await expect.poll(() => closedByClient.length).toBe(n + 1);
  });
});
