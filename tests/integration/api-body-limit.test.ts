import { request } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel, addToken, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

interface Answer {
  status: number;
  body: string;
  ms: number;
  /** bytes of the body handed to the socket when the answer came */
  sent: number;
}

const MB = 1024 * 1024;

/**
 * POSTs a login whose username is `size` bytes, streamed in 64 KiB pieces: with its Content-Length, or
 * chunked without one. Resolves with the first answer; writing stops once it has come (the server may
 * have closed the connection, so a write error after the answer is expected).
 */
function hugeLogin(base: string, size: number, chunked: boolean): Promise<Answer> {
  const started = performance.now();
  const head = Buffer.from('{"username":"');
  const tail = Buffer.from('","password":"p"}');
  const piece = Buffer.alloc(64 * 1024, 'x');
  let answered = false;
  let sent = 0;
  async function* body() {
    yield head;
    while (sent < size && !answered) {
      const part = piece.subarray(0, Math.min(piece.length, size - sent));
      sent += part.length;
      yield part;
    }
    yield tail;
  }
  const url = new URL('/api/user/login', base);
  return new Promise((resolve, reject) => {
    const req = request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(head.length + size + tail.length) }) },
    });
    req.on('response', (res) => {
      answered = true;
      const sentAtAnswer = sent;
      let text = '';
      const done = () => resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - started, sent: sentAtAnswer });
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', done);
      res.on('error', done);
    });
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    const source = Readable.from(body());
    source.on('error', () => {});
    source.pipe(req);
  });
}

describe('console request bodies have their own small cap', () => {
  let f: RelayFixture;
  let key: string;
  beforeAll(async () => {
    f = await startRelayFixture();
    await addChannel(f);
    key = (await addToken(f.root)).key;
  });
  afterAll(() => f?.stop());

  /** One small relay call: its status (0 when the connection failed) and how long it took. */
  async function relayOnce(): Promise<{ status: number; ms: number }> {
    const t = performance.now();
    try {
      const r = await fetch(`${f.gw.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      });
      await r.arrayBuffer();
      return { status: r.status, ms: performance.now() - t };
    } catch {
      return { status: 0, ms: performance.now() - t };
    }
  }

  it('refuses 30 MB logins with 413 at once (declared and chunked) while relay requests keep their latency', async () => {
    const relays: Array<{ status: number; ms: number }> = [];
    let flooding = true;
    const relaying = (async () => {
      while (flooding || relays.length < 5) relays.push(await relayOnce());
    })();
    const answers = await Promise.all([hugeLogin(f.gw.url, 30 * MB, false), hugeLogin(f.gw.url, 30 * MB, true), hugeLogin(f.gw.url, 30 * MB, true)]);
    // The flood is over for the client; a database still chewing on it would show in the next relays too.
    await new Promise((r) => setTimeout(r, 500));
    flooding = false;
    await relaying;

    for (const a of answers) {
      expect(a.status).toBe(413);
      expect(JSON.parse(a.body)).toEqual({ success: false, message: '请求体过大，最大允许 1 MB' });
      expect(a.ms).toBeLessThan(2000);
    }
    // With a Content-Length over the cap the answer comes before the body: the client had not finished sending it.
    expect(answers[0]!.sent).toBeLessThan(30 * MB);
    expect(relays.every((r) => r.status === 200)).toBe(true);
    expect(Math.max(...relays.map((r) => r.ms))).toBeLessThan(2000);
    // The console still answers normally afterwards.
    expect((await f.root.get('/api/user/self')).body.success).toBe(true);
  }, 90_000);

  it('still takes a body under the cap (a large option value)', async () => {
    const notice = 'n'.repeat(512 * 1024);
    expect((await f.root.put('/api/option/', { key: 'Notice', value: notice })).body).toEqual({ success: true, message: '' });
    expect((await f.root.get<string>('/api/notice')).body.data).toBe(notice);
  });

  it('keeps MAX_REQUEST_BODY_MB for the relay: a 2 MB chat body is relayed', async () => {
    const r = await fetch(`${f.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x'.repeat(2 * MB) }] }),
    });
    expect(r.status).toBe(200);
  });
});
