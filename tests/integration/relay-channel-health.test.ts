import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel, addToken, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

const post = (f: RelayFixture, key: string, body: Record<string, unknown>) =>
  fetch(`${f.gw.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], ...body }),
  });

const listening = (server: Server): Promise<number> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));

/** The client body with its request id taken out, so two answers can be compared. */
const withoutRequestId = (text: string): string => text.replace(/ \(request id: [^)]+\)/, '');

describe('channel health, idle upstreams and connection failures', () => {
  let f: RelayFixture;
  let key: string;
  // A port that accepts connections and answers with something that is not HTTP, and one nobody listens on.
  const notHttp = createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n'));
  let closedPort = 0;
  beforeAll(async () => {
    const [fixture, openPort] = await Promise.all([startRelayFixture({ SYNC_FREQUENCY: '1', STREAMING_TIMEOUT: '1' }), listening(notHttp)]);
    f = fixture;
    const probe = createServer();
    closedPort = await listening(probe);
    await new Promise((r) => probe.close(r));
    await addChannel(f, { name: 'client-errors', models: 'm-client' });
    await addChannel(f, { name: 'bad-key', models: 'm-bad-key' });
    await addChannel(f, { name: 'trickle', models: 'm-trickle' });
    await addChannel(f, { name: 'open-port', models: 'm-open', base_url: `http://127.0.0.1:${openPort}` });
    await addChannel(f, { name: 'closed-port', models: 'm-closed', base_url: `http://127.0.0.1:${closedPort}` });
    const ratios = Object.fromEntries(['m-client', 'm-bad-key', 'm-trickle', 'm-open', 'm-closed'].map((m) => [m, 1]));
    await f.root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify(ratios) });
    key = (await addToken(f.root, { remain_quota: 10_000_000 })).key;
  });
  afterAll(async () => {
    notHttp.close();
    await f?.stop();
  });

  it('never takes a channel offline for failures the client caused', async () => {
    const contextLength = { message: "This model's maximum context length is 8192 tokens.", type: 'invalid_request_error', code: 'context_length_exceeded' };
    const policy = { message: 'Your request was rejected as a result of our safety system.', type: 'invalid_request_error', code: 'content_policy_violation' };
    const clientFaults = [
      { status: 400 },
      { status: 400, error: contextLength },
      { status: 413 },
      { status: 422 },
      { status: 500, error: contextLength },
      { status: 500, error: policy },
      { body_error_in_200: true, error: contextLength },
    ];
    for (const mock of clientFaults) {
      for (let i = 0; i < 3; i++) {
        const r = await post(f, key, { model: 'm-client', mock });
        expect(r.status).not.toBe(200);
        expect(r.status).not.toBe(503);
      }
    }
    await f.mock.reset();
    const ok = await post(f, key, { model: 'm-client' });
    expect(ok.status).toBe(200);
    expect((await f.mock.requests()).length).toBe(1);
  });

  it('does take a channel offline after three failures of its key', async () => {
    for (let i = 0; i < 3; i++) expect((await post(f, key, { model: 'm-bad-key', mock: { status: 401 } })).status).toBe(401);
    await f.mock.reset();
    const r = await post(f, key, { model: 'm-bad-key' });
    expect(r.status).toBe(503);
    expect((await f.mock.requests()).length).toBe(0);
  });

  it('cuts a non-stream answer that trickles and then stalls after STREAMING_TIMEOUT of silence', async () => {
    const started = Date.now();
    const r = await post(f, key, { model: 'm-trickle', mock: { stall_after_chunks: 3, chunks: 10, chunk_delay_ms: 300 } });
    const body = (await r.json()) as { error: { message: string; code: string } };
    expect(Date.now() - started).toBeLessThan(8000);
    expect(r.status).toBe(504);
    expect(body.error.code).toBe('response_idle_timeout');
  });

  it('answers a refused connection and a non-HTTP peer with the same client body', async () => {
    const open = await post(f, key, { model: 'm-open' });
    const closed = await post(f, key, { model: 'm-closed' });
    const [openText, closedText] = [withoutRequestId(await open.text()), withoutRequestId(await closed.text())];
    expect(open.status).toBe(closed.status);
    expect(openText).toBe(closedText);
    expect(openText).not.toContain(String(closedPort));
    // The detail stays in the server log.
    expect(f.gw.output()).toMatch(/ECONNREFUSED/);
  });
});
