import type { WebSocket as ClientSocket } from 'uWebSockets.js';
import WebSocket, { type RawData } from 'ws';
import type { AppServices } from '../app-services.js';
import { goFixed2 } from '../billing/consume-log.js';
import type { Reservation } from '../billing/quota-ledger.js';
import type { ResolvedPrice } from '../billing/resolve-price.js';
import type { Caller } from '../relay/authenticate-token.js';
import { priceSettingsOf } from '../relay/price-settings-view.js';
import { quotaError } from '../relay/quota-error.js';
import { recordConsume } from '../relay/record-consume.js';
import { localError, RelayError } from '../relay/relay-error.js';
import { settleCharge } from '../relay/relay-pipeline.js';
import { countTally, newTally, tallyClientFrame, tallyIsEmpty, tallyServerFrame, tallyTools, type AudioFormats, type RealtimeClientSession, type RealtimeTally } from './realtime-local-count.js';
import { addRealtimeUsage, AUDIO_COMPLETION_RATIO, audioRatioOf, computeRealtimeQuota, NO_REALTIME_USAGE, realtimeUsageOf, type RealtimeUsage } from './realtime-quota.js';
import { closeCodeOf, realtimeErrorFrame, relayableCloseCode } from './realtime-error-frame.js';
import type { RealtimeLink } from './realtime-upstream.js';

/** Upstream reading pauses once this much waits for a slow client, and resumes under the low mark. */
export const CLIENT_HIGH_WATER = 1024 * 1024;
const CLIENT_LOW_WATER = 256 * 1024;
/** What a client may queue towards a slow upstream before the session is closed (ws has no read pause on uWS's side). */
export const UPSTREAM_MAX_BUFFERED = 4 * 1024 * 1024;

export interface RealtimeSessionInit {
  caller: Caller;
  model: string;
  group: string;
  price: ResolvedPrice;
  reservation: Reservation;
  link: RealtimeLink;
  useChannel: string[];
  startedAt: number;
  requestId: string;
  /** set when the model request rate limit counted this session */
  limited: { userId: number; group: string } | null;
}

type Ending = { code: number; reason: string; error?: RelayError };

/**
 * One client socket piped to one upstream socket, frames passed both ways unchanged. Billing follows the
 * upstream's `response.done` usage: each response is priced as new-api prices it and added to the running
 * charge (a `response.done` without usage is counted here, from what both sides sent since the last one, and
 * so is what was sent after the last one when the session ends);
 * when the charge passes what is held, more is held (or, when the user cannot pay, the session ends with an
 * error frame). When either side ends, both are closed and the charge is settled once against the first
 * reservation, the extra holds released first; one consume log row explains the whole session.
 */
export class RealtimeSession {
  private client: ClientSocket<unknown> | null = null;
  private clientOpen = false;
  private ended = false;
  private usage: RealtimeUsage = NO_REALTIME_USAGE;
  private charge = 0;
  private readonly holds: Reservation[];
  private held: number;
  private toppingUp = false;
  /** what was sent since the last `response.done`, for a response the upstream reports no usage for */
  private tally: RealtimeTally = newTally();
  private readonly formats: AudioFormats = { input: 'pcm16', output: 'pcm16' };
  /** the client's tool definitions, counted into every local count but the session's first */
  private readonly clientSession: RealtimeClientSession = { tools: [] };
  private firstLocalCount = true;
  /** the local counts in flight, in order; settlement waits for them */
  private counting: Promise<void> = Promise.resolve();
  private countedLocally = false;
  /** upstream frames that came before the client's socket opened */
  private waiting: Array<{ frame: Buffer; isBinary: boolean }> = [];
  private waitingBytes = 0;
  private firstFrameAt = 0;
  /** resolves when the session is settled (its log row queued) */
  readonly settled: Promise<void>;
  private markSettled!: () => void;

  constructor(
    private readonly app: AppServices,
    private readonly s: RealtimeSessionInit,
    private readonly onSettled: (session: RealtimeSession) => void,
  ) {
    this.holds = [s.reservation];
    this.held = s.reservation.amount;
    this.settled = new Promise((resolve) => (this.markSettled = resolve));
    const up = s.link.socket;
    up.on('message', (data, isBinary) => this.fromUpstream(data, isBinary));
    s.link.early.stop();
    for (const f of s.link.early.frames) this.fromUpstream(f.data, f.isBinary);
    up.on('error', (e) => this.app.log.warn('realtime upstream socket error', { channel: s.link.channelId, error: e.message }));
    up.on('close', (code, reason) => this.upstreamClosed(code, reason.toString('utf8')));
  }

  /** The client's socket is open: upstream frames (held paused until now) start flowing. */
  attach(ws: ClientSocket<unknown>): void {
    if (this.ended) {
      ws.end(1011, 'session ended');
      return;
    }
    this.client = ws;
    this.clientOpen = true;
    const waiting = this.waiting.splice(0);
    this.waitingBytes = 0;
    for (const f of waiting) this.deliver(f.frame, f.isBinary);
    if (!this.ended) this.s.link.socket.resume();
  }

  /** The client left (or the gateway began stopping) before the session started: nothing was used, so nothing is charged or logged. */
  abandon(): void {
    if (this.ended) return;
    this.ended = true;
    this.s.link.socket.terminate();
    for (const hold of this.holds) this.app.ledger.refund(hold);
    if (this.s.limited) void this.app.policies.rateLimiter.record(this.s.limited.userId, this.s.limited.group, false);
    this.markSettled();
    this.onSettled(this);
  }

  /** A client frame, copied out of uWS's buffer (which it reuses once the message callback returns). */
  fromClient(frame: Buffer, isBinary: boolean): void {
    const up = this.s.link.socket;
    if (this.ended || up.readyState !== WebSocket.OPEN) return;
    if (up.bufferedAmount > UPSTREAM_MAX_BUFFERED) {
      this.end({ code: 1011, reason: 'upstream too slow', error: localError(503, 'the upstream is not reading fast enough; the session was closed', 'upstream_backpressure') });
      return;
    }
    if (!isBinary) tallyClientFrame(this.tally, frame, this.clientSession);
    up.send(frame, { binary: isBinary });
  }

  /** The client's socket drained: resume reading the upstream once below the low mark. */
  drain(): void {
    if (this.client && this.clientOpen && this.client.getBufferedAmount() < CLIENT_LOW_WATER) this.s.link.socket.resume();
  }

  clientClosed(): void {
    this.clientOpen = false;
    this.end({ code: 1000, reason: 'client closed' });
  }

  /** Ends the session from outside (gateway shutdown). */
  close(reason: string): Promise<void> {
    this.end({ code: 1001, reason });
    return this.settled;
  }

  private fromUpstream(data: RawData, isBinary: boolean): void {
    if (this.ended) return;
    if (!this.firstFrameAt) this.firstFrameAt = Date.now();
    const frame = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    if (!isBinary) this.observe(frame);
    if (this.ended) return;
    // before the client's socket opens (the upgrade is answered after the upstream's): held, in order
    if (!this.client) {
      this.waiting.push({ frame, isBinary });
      this.waitingBytes += frame.length;
      if (this.waitingBytes > CLIENT_HIGH_WATER) this.s.link.socket.pause();
      return;
    }
    this.deliver(frame, isBinary);
  }

  private deliver(frame: Buffer, isBinary: boolean): void {
    const client = this.client;
    if (!client || !this.clientOpen || this.ended) return;
    let status = 1;
    client.cork(() => (status = client.send(frame, isBinary)));
    // 2: dropped at uWS's hard limit (a frame bigger than the room left); the stream would be corrupt
    if (status === 2) this.end({ code: 1011, reason: 'client too slow', error: localError(503, 'the client is not reading fast enough; the session was closed', 'client_backpressure') });
    else if (client.getBufferedAmount() > CLIENT_HIGH_WATER) this.s.link.socket.pause();
  }

  /**
   * Prices each `response.done` (the only event that carries usage) from its usage, or, when it has none, from
   * a local count of what was tallied since the last one; other frames are only tallied (deltas, formats).
   */
  private observe(frame: Buffer): void {
    if (tallyServerFrame(this.tally, frame, this.formats)) return;
    if (!frame.includes('"response.done"')) return;
    let event: { type?: unknown; response?: { usage?: unknown } };
    try {
      event = JSON.parse(frame.toString('utf8')) as typeof event;
    } catch {
      return;
    }
    if (event?.type !== 'response.done') return;
    const tally = this.tally;
    this.tally = newTally();
    const reported = event.response?.usage;
    if (reported && typeof reported === 'object' && !Array.isArray(reported)) {
      this.bill(realtimeUsageOf(reported));
      return;
    }
    // new-api skips the tools on the session's first uncounted response only (IsFirstRequest)
    if (!this.firstLocalCount) tallyTools(tally, this.clientSession);
    this.firstLocalCount = false;
    if (!tallyIsEmpty(tally)) this.counting = this.counting.then(() => this.countLocally(tally));
  }

  /**
   * new-api's local count (CountTokenRealtime), through the token-counting pool; a count of nothing is not
   * billed. Never rejects: settlement waits on it.
   */
  private async countLocally(tally: RealtimeTally): Promise<void> {
    try {
      const u = await countTally(this.app.tokenCounter, this.s.link.upstreamModel, tally, this.formats, (e) =>
        this.app.log.error('realtime token counting failed; billing a byte estimate', { error: String(e) }),
      );
      if (u.input_tokens + u.output_tokens === 0) return;
      this.countedLocally = true;
      this.bill(u);
    } catch (e) {
      this.app.log.error('realtime local count failed', { error: String(e) });
    }
  }

  private bill(u: RealtimeUsage): void {
    this.usage = addRealtimeUsage(this.usage, u);
    this.charge += computeRealtimeQuota(this.s.price, this.s.model, u, priceSettingsOf(this.app.options));
    if (this.charge > this.held && !this.toppingUp) void this.holdMore();
  }

  /** new-api checks the balance at every response: hold what the running charge needs, plus one more reservation's worth. */
  private async holdMore(): Promise<void> {
    this.toppingUp = true;
    const { caller } = this.s;
    try {
      while (!this.ended && this.charge > this.held) {
        const want = this.charge - this.held + Math.max(this.s.reservation.amount, 1);
        const r = await this.app.ledger.reserve(caller.user.id, caller.token.id, caller.token.unlimitedQuota, want);
        if (!r.ok) {
          this.end({ code: 1008, reason: 'quota exhausted', error: quotaError(r, want, this.app) });
          return;
        }
        // the session ended while this was reserved: settlement has already released the holds
        if (this.ended) {
          this.app.ledger.refund(r.reservation);
          return;
        }
        this.holds.push(r.reservation);
        this.held += r.reservation.amount;
      }
    } catch (e) {
      this.app.log.error('realtime quota hold failed', { error: String(e) });
    } finally {
      this.toppingUp = false;
    }
  }

  private upstreamClosed(code: number, reason: string): void {
    if (this.ended) return;
    // 1005: closed without a code; 1006: the connection dropped without a close frame
    if (code === 1006) {
      this.end({ code: 1011, reason: 'upstream connection lost', error: new RelayError(502, 'upstream realtime connection lost', { type: 'upstream_error', code: 'upstream_closed', local: false }) });
      return;
    }
    this.end({ code: code === 1005 ? 1000 : relayableCloseCode(code), reason: reason.slice(0, 120) });
  }

  /** Closes both sides once (the client told why first) and settles. */
  private end(how: Ending): void {
    if (this.ended) return;
    this.ended = true;
    const client = this.client;
    if (client && this.clientOpen) {
      this.clientOpen = false;
      client.cork(() => {
        if (how.error) client.send(realtimeErrorFrame(how.error, this.s.requestId), false);
        client.end(how.error ? closeCodeOf(how.error) : how.code, how.reason);
      });
    }
    const up = this.s.link.socket;
    if (up.readyState === WebSocket.OPEN) up.close(1000);
    else if (up.readyState !== WebSocket.CLOSED) up.terminate();
    void this.settle(how.error ?? null);
  }

  private async settle(error: RelayError | null): Promise<void> {
    const { caller, reservation, limited } = this.s;
    try {
      // a response still being counted is part of the charge (countTally never rejects)
      await this.counting;
      // what was sent after the last response.done (input appended, a response cut short) is counted and
      // billed here, as new-api bills its leftover local usage when the session ends
      const leftover = this.tally;
      this.tally = newTally();
      if (!tallyIsEmpty(leftover)) await this.countLocally(leftover);
      // the extra holds go back first, so the charge beyond the first reservation can come from them
      for (const hold of this.holds.slice(1)) this.app.ledger.refund(hold);
      const u = this.usage;
      const zeroUsage = u.input_tokens + u.output_tokens === 0;
      const quota = zeroUsage ? 0 : this.charge;
      const settlement = await settleCharge(this.app, caller, reservation, { quota, zeroUsage }, this.s.link.channelId);
      this.log(quota, zeroUsage, settlement);
      if (error) this.app.log.info('realtime session ended with an error', { model: this.s.model, code: error.code, message: error.message });
    } catch (e) {
      this.app.ledger.refund(reservation);
      this.app.log.error('realtime settlement failed', { error: String(e) });
    } finally {
      if (limited) void this.app.policies.rateLimiter.record(limited.userId, limited.group, true);
      this.markSettled();
      this.onSettled(this);
    }
  }

  /**
   * new-api's PostWssConsumeQuota row: audio ratios in the content, `ws: true` and the audio/text counts in
   * `other`. Cached text priced at CacheRatio shows as `cache_tokens` / `cache_ratio` as on the chat path; with
   * none, both are 0 as GenerateWssOtherInfo writes them. A local count sets `admin_info.local_count_tokens`.
   */
  private log(quota: number, zeroUsage: boolean, settlement: Awaited<ReturnType<typeof settleCharge>>): void {
    const { price, model, link } = this.s;
    const u = this.usage;
    const audioRatio = audioRatioOf(model);
    recordConsume(this.app, {
      req: { model, stream: false },
      caller: this.s.caller,
      price: { ...price, cacheRatio: u.cached_text_input > 0 ? price.cacheRatio : 0 },
      quota: { quota, zeroUsage, logPromptTokens: u.input_tokens, claude: false, cacheCreation: null },
      settlement,
      usage: {
        usage: {
          prompt_tokens: u.input_tokens,
          completion_tokens: u.output_tokens,
          total_tokens: u.input_tokens + u.output_tokens,
          prompt_tokens_details: { cached_tokens: u.cached_text_input },
        },
        estimated: this.countedLocally,
      },
      outcome: { channelId: link.channelId, upstreamModel: link.upstreamModel, mapped: link.mapped, frtMs: (this.firstFrameAt || this.s.startedAt - 1000) - this.s.startedAt, partial: false },
      group: this.s.group,
      useChannel: this.s.useChannel,
      startedAt: this.s.startedAt,
      // new-api writes this head for per-call models too
      contentHead: `模型倍率 ${goFixed2(price.modelRatio)}，补全倍率 ${goFixed2(price.completionRatio)}，音频倍率 ${goFixed2(audioRatio)}，音频补全倍率 ${goFixed2(AUDIO_COMPLETION_RATIO)}，分组倍率 ${goFixed2(price.groupRatio)}`,
      otherExtra: {
        ws: true,
        audio_input: u.audio_input,
        audio_output: u.audio_output,
        text_input: u.text_input,
        text_output: u.text_output,
        audio_ratio: audioRatio,
        audio_completion_ratio: AUDIO_COMPLETION_RATIO,
      },
    });
  }
}
