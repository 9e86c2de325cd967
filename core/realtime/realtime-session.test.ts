import { EventEmitter } from 'node:events';
import type { WebSocket as ClientSocket } from 'uWebSockets.js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppServices } from '../app-services.js';
import type { Reservation } from '../billing/quota-ledger.js';
import type { Caller } from '../relay/authenticate-token.js';
import { CLIENT_HIGH_WATER, RealtimeSession, UPSTREAM_MAX_BUFFERED } from './realtime-session.js';
import type { RealtimeLink } from './realtime-upstream.js';

/** The upstream ws socket as the session drives it: readiness, buffered bytes, pause/resume, send, close. */
class FakeUpstream extends EventEmitter {
  readyState: number = WebSocket.OPEN;
  bufferedAmount = 0;
  paused = true;
  sent: Array<{ data: Buffer; binary: boolean }> = [];
  pause() {
    this.paused = true;
  }
  resume() {
    this.paused = false;
  }
  send(data: Buffer, opts: { binary: boolean }) {
    this.sent.push({ data, binary: opts.binary });
  }
  close() {
    this.readyState = WebSocket.CLOSED;
  }
  terminate() {
    this.readyState = WebSocket.CLOSED;
  }
}

/** The client uWS socket: a send status and a buffered amount the test sets. */
class FakeClient {
  buffered = 0;
  sendStatus = 1;
  frames: Array<{ data: unknown; binary: boolean }> = [];
  ended: { code: number; reason: string } | null = null;
  cork(fn: () => void) {
    fn();
    return this;
  }
  send(data: unknown, binary: boolean) {
    this.frames.push({ data, binary });
    return this.sendStatus;
  }
  getBufferedAmount() {
    return this.buffered;
  }
  end(code: number, reason: string) {
    this.ended = { code, reason };
  }
}

function session(opts: { early?: RealtimeLink['early']['frames']; attach?: boolean; count?: (text: string) => Promise<number> } = {}) {
  const up = new FakeUpstream();
  const client = new FakeClient();
  const refunds: Reservation[] = [];
  const settles: number[] = [];
  const app = {
    ledger: {
      refund: (r: Reservation) => refunds.push(r),
      settle: async (_r: Reservation, quota: number) => {
        settles.push(quota);
        return { charged: 0, shortfall: 0 };
      },
    },
    tokenCounter: { count: async (task: { text: string }) => (opts.count ?? (async (t: string) => t.length))(task.text) },
    options: { bool: () => false, number: () => 0, json: () => ({}), version: -1 },
    log: { warn: () => {}, info: () => {}, error: () => {} },
    policies: { rateLimiter: { record: async () => {} } },
  } as unknown as AppServices;
  const reservation: Reservation = { userId: 1, tokenId: 1, tokenUnlimited: false, amount: 100, done: false, userQuotaAfter: 1000, slices: null };
  const caller = { token: { id: 1, unlimitedQuota: true, remainQuota: 0 }, user: { id: 1 }, channelPin: null, playground: false } as unknown as Caller;
  const link = { socket: up as unknown as WebSocket, channelId: 7, upstreamModel: 'm', mapped: false, early: { frames: opts.early ?? [], stop: () => {} } } as RealtimeLink;
  const price = { ok: true, usePrice: false, modelPrice: -1, modelRatio: 1, completionRatio: 1, cacheRatio: 1, cacheCreationRatio: 1.25, imageRatio: 1, groupRatio: 1 } as const;
  let settledCount = 0;
  const s = new RealtimeSession(
    app,
    { caller, model: 'm', group: 'default', price, reservation, link, useChannel: ['7'], startedAt: Date.now(), requestId: 'r1', limited: null },
    () => settledCount++,
  );
  if (opts.attach !== false) s.attach(client as unknown as ClientSocket<unknown>);
  return { s, up, client, refunds, settles, settled: () => settledCount };
}

describe('RealtimeSession backpressure and closing', () => {
  it('resumes the upstream once the client is open, and pauses it while a slow client has more than the high-water mark queued', () => {
    const { s, up, client } = session();
    expect(up.paused).toBe(false);
    client.buffered = CLIENT_HIGH_WATER + 1;
    up.emit('message', Buffer.from('{"type":"response.audio.delta"}'), false);
    expect(up.paused).toBe(true);
    // drained, but not below the low mark yet
    client.buffered = CLIENT_HIGH_WATER;
    s.drain();
    expect(up.paused).toBe(true);
    client.buffered = 0;
    s.drain();
    expect(up.paused).toBe(false);
    expect(client.frames).toHaveLength(1);
  });

  it('delivers, in order, the frames that came before the session took the socket and before the client opened', () => {
    const first = Buffer.from('{"type":"session.created"}');
    const { s, up, client } = session({ early: [{ data: first, isBinary: false }], attach: false });
    up.emit('message', Buffer.from([9]), true);
    expect(client.frames).toHaveLength(0);
    s.attach(client as unknown as ClientSocket<unknown>);
    expect(client.frames).toEqual([
      { data: first, binary: false },
      { data: Buffer.from([9]), binary: true },
    ]);
    expect(up.paused).toBe(false);
  });

  it('passes binary and text frames unchanged both ways', () => {
    const { s, up, client } = session();
    up.emit('message', Buffer.from([1, 2, 3]), true);
    expect(client.frames[0]).toEqual({ data: Buffer.from([1, 2, 3]), binary: true });
    const text = new TextEncoder().encode('{"type":"input_audio_buffer.commit"}');
    s.fromClient(Buffer.from(text), false);
    expect(up.sent[0]).toEqual({ data: Buffer.from(text), binary: false });
  });

  it('ends the session when uWS drops a frame for a client that does not read', async () => {
    const { s, up, client, settled } = session();
    client.sendStatus = 2;
    up.emit('message', Buffer.from([0]), true);
    expect(up.readyState).toBe(WebSocket.CLOSED);
    expect(client.ended?.code).toBe(1011);
    await s.settled;
    expect(settled()).toBe(1);
  });

  it('ends the session when the upstream does not read what the client sends, with an error frame', async () => {
    const { s, up, client } = session();
    up.bufferedAmount = UPSTREAM_MAX_BUFFERED + 1;
    s.fromClient(Buffer.alloc(8), true);
    expect(up.sent).toHaveLength(0);
    expect(JSON.parse(String(client.frames.at(-1)?.data))).toMatchObject({ type: 'error', error: { code: 'upstream_backpressure' } });
    expect(client.ended?.code).toBe(1011);
    await s.settled;
  });

  it('closes the upstream and settles once when the client leaves', async () => {
    const { s, up, settled } = session();
    s.clientClosed();
    s.clientClosed();
    expect(up.readyState).toBe(WebSocket.CLOSED);
    await s.settled;
    expect(settled()).toBe(1);
  });

  it('counts a response whose response.done has no usage, and settles that count even when the session ends mid-count', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // one "token" per character, answered only once released
    const { s, up, settles } = session({ count: async (text) => (await gate, text.length) });
    const item = { type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi there' }] } };
    s.fromClient(Buffer.from(JSON.stringify(item)), false);
    up.emit('message', Buffer.from(JSON.stringify({ type: 'response.text.delta', delta: 'Hello' })), false);
    up.emit('message', Buffer.from(JSON.stringify({ type: 'response.done', response: { id: 'r', status: 'completed' } })), false);
    s.clientClosed();
    release();
    await s.settled;
    // (8 in + 5 out × completion ratio 1) × model ratio 1
    expect(settles).toEqual([13]);
  });

  it('bills the reported usage, not the local count, when response.done carries it', async () => {
    const { s, up, settles } = session();
    up.emit('message', Buffer.from(JSON.stringify({ type: 'response.text.delta', delta: 'Hello there, a long answer' })), false);
    const usage = { total_tokens: 3, input_tokens: 1, output_tokens: 2, input_token_details: { text_tokens: 1 }, output_token_details: { text_tokens: 2 } };
    up.emit('message', Buffer.from(JSON.stringify({ type: 'response.done', response: { usage } })), false);
    s.clientClosed();
    await s.settled;
    expect(settles).toEqual([3]);
  });

  it('refunds the reservation and cuts the upstream when the upgrade is abandoned', async () => {
    const { s, up, refunds, settled } = session();
    s.abandon();
    await s.settled;
    expect(refunds).toHaveLength(1);
    expect(up.readyState).toBe(WebSocket.CLOSED);
    expect(settled()).toBe(1);
  });
});
