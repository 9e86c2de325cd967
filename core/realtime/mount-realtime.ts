import type { HttpRequest, HttpResponse, TemplatedApp, us_socket_context_t, WebSocket } from 'uWebSockets.js';
import type { AppServices } from '../app-services.js';
import { estimatePreConsume } from '../billing/estimate-pre-consume.js';
import type { Reservation } from '../billing/quota-ledger.js';
import { resolvePrice } from '../billing/resolve-price.js';
import { openAiErrorWriter } from '../formats/openai/openai-error-body.js';
import { Exchange } from '../http/exchange.js';
import type { InFlightGate } from '../http/in-flight-gate.js';
import { newRequestId } from '../http/request-id.js';
import { snapshotRequest, type RequestSnapshot } from '../http/request-snapshot.js';
import { admitRequest, gateRefusal } from '../relay/admit-request.js';
import { authenticateToken } from '../relay/authenticate-token.js';
import { distribute } from '../relay/distribute.js';
import { readApiKey } from '../relay/parse-token-key.js';
import { acceptsUnsetRatio, priceSettingsOf } from '../relay/price-settings-view.js';
import { quotaError } from '../relay/quota-error.js';
import { localError, RelayError, unexpectedRelayError } from '../relay/relay-error.js';
import { tryChannels, type RelayRuntime } from '../relay/relay-pipeline.js';
import { closeCodeOf, realtimeErrorFrame } from './realtime-error-frame.js';
import { CLIENT_HIGH_WATER, RealtimeSession, UPSTREAM_MAX_BUFFERED } from './realtime-session.js';
import { connectRealtime, MAX_REALTIME_FRAME, realtimeUnsupported, servesRealtime } from './realtime-upstream.js';

/**
 * A client socket from its upgrade until its session starts: the relay stages read its request, and what it
 * sends meanwhile waits here (bounded) for the upstream socket.
 */
class PendingClient {
  /** nothing has been sent to the client yet: another channel may still be tried */
  readonly headSent = false;
  aborted = false;
  session: RealtimeSession | null = null;
  private readonly leaveHandlers: Array<() => void> = [];
  private readonly queue: Array<{ frame: Buffer; isBinary: boolean }> = [];
  private queued = 0;

  constructor(
    readonly req: RequestSnapshot,
    readonly requestId: string,
    /** the gate slot, given back once the session started or failed */
    readonly release: () => void,
  ) {}

  onAbort(fn: () => void): void {
    if (this.aborted) fn();
    else this.leaveHandlers.push(fn);
  }

  left(): void {
    this.aborted = true;
    for (const h of this.leaveHandlers.splice(0)) h();
  }

  /** false once more is waiting than an upstream would be allowed to hold */
  hold(frame: Buffer, isBinary: boolean): boolean {
    this.queued += frame.length;
    if (this.queued > UPSTREAM_MAX_BUFFERED) return false;
    this.queue.push({ frame, isBinary });
    return true;
  }

  start(session: RealtimeSession, ws: WebSocket<Upgraded>): void {
    this.session = session;
    session.attach(ws);
    for (const q of this.queue.splice(0)) session.fromClient(q.frame, q.isBinary);
  }
}

/** A socket's user data: uWS copies the object's own properties, so the client's state sits behind one. */
interface Upgraded {
  pending: PendingClient;
}

/** The sessions open on this gateway, for shutdown. */
export interface RealtimeSessions {
  /** Ends every session (clients get close code 1001) and resolves once each is settled. */
  closeAll(): Promise<void>;
}

/** uWS rounds idle timeouts to 4 s, takes at least 8 and at most 960. */
const idleTimeoutOf = (seconds: number) => Math.min(960, Math.max(8, seconds));

/** Room for one largest frame above the high-water mark: past it uWS drops the frame and the session ends. */
const MAX_BACKPRESSURE = CLIENT_HIGH_WATER + MAX_REALTIME_FRAME;

/** A failure the client is told as a realtime error frame, and its socket closed. */
function refuse(ws: WebSocket<Upgraded>, err: RelayError, requestId: string): void {
  ws.cork(() => {
    ws.send(realtimeErrorFrame(err, requestId), false);
    ws.end(closeCodeOf(err), err.message.slice(0, 120));
  });
}

/**
 * GET /v1/realtime?model=… on uWS's own WebSockets (new-api's WssRelay). The socket is upgraded at once, as
 * new-api upgrades before it relays; then the HTTP relay's stages run — token auth (the key may come from the
 * subprotocol list), the model rate limit, routing, price, reservation — and the upstream socket is connected,
 * other channels retried before the client hears anything. A failure is a realtime error frame, then the
 * close. What the client sends meanwhile is held for the upstream. The idle timeout is STREAMING_TIMEOUT: no
 * frame either way for that long closes the session. The upgrade holds a slot of the relay's gate while it is
 * prepared; the session it opens is tracked here instead, and ended by closeAll when the gateway stops.
 * (Upgrading after an await is not safe on this uWS build: its cork() can take the new WebSocket for the HTTP
 * socket it replaced and close it right after open — uNetworking/uWebSockets#1929.)
 */
export function mountRealtime(app: TemplatedApp, services: AppServices, relay: RelayRuntime, gate: InFlightGate): RealtimeSessions {
  const sessions = new Set<RealtimeSession>();
  app.ws<Upgraded>('/v1/realtime', {
    maxPayloadLength: MAX_REALTIME_FRAME,
    maxBackpressure: MAX_BACKPRESSURE,
    closeOnBackpressureLimit: false,
    idleTimeout: idleTimeoutOf(services.env.STREAMING_TIMEOUT),
    // pings would keep an idle session open for ever
    sendPingsAutomatically: false,
    upgrade: (res: HttpResponse, req: HttpRequest, context: us_socket_context_t) => {
      const snapshot = snapshotRequest(req, res);
      // read now: the HTTP response it comes from is gone once upgraded
      void snapshot.remoteIp;
      const ex = new Exchange(res, snapshot, newRequestId());
      // over the cap or stopping: a plain HTTP 503 with the OpenAI error body, no socket
      const release = admitRequest(gate, ex, openAiErrorWriter);
      if (!release) return;
      const pending = new PendingClient(snapshot, ex.requestId, release);
      // the key in the subprotocol list is never echoed: only `realtime`, when the client offered it
      const protocols = req.getHeader('sec-websocket-protocol');
      const chosen = protocols.split(',').some((p) => p.trim() === 'realtime') ? 'realtime' : '';
      res.upgrade<Upgraded>({ pending }, req.getHeader('sec-websocket-key'), chosen, req.getHeader('sec-websocket-extensions'), context);
    },
    open: (ws) => {
      const { pending } = ws.getUserData();
      void prepare(services, relay, pending, sessions)
        .then((prepared) => {
          if (pending.aborted) return prepared.session?.abandon();
          // The gateway began stopping meanwhile: closeAll may have run already, so a session started now
          // could outlive the last flush. Nothing was used yet, so nothing is charged.
          if (gate.closed) {
            prepared.session?.abandon();
            return refuse(ws, gateRefusal(gate), pending.requestId);
          }
          if (prepared.session) pending.start(prepared.session, ws);
          else refuse(ws, prepared.error, pending.requestId);
        })
        .finally(pending.release);
    },
    message: (ws, message, isBinary) => {
      const { pending } = ws.getUserData();
      // uWS reuses the message's memory once this returns
      const frame = Buffer.from(new Uint8Array(message));
      if (pending.session) return pending.session.fromClient(frame, isBinary);
      if (pending.aborted || pending.hold(frame, isBinary)) return;
      // the session being prepared is dropped when it is ready (the client has gone, as far as it knows)
      pending.left();
      refuse(ws, localError(413, 'too much sent before the session started; the session was closed', 'upstream_backpressure'), pending.requestId);
    },
    drain: (ws) => ws.getUserData().pending.session?.drain(),
    close: (ws) => {
      const { pending } = ws.getUserData();
      if (pending.session) pending.session.clientClosed();
      else pending.left();
    },
  });
  return {
    async closeAll() {
      await Promise.all([...sessions].map((s) => s.close('gateway shutting down')));
    },
  };
}

/** A started session, or the error the client is told instead. */
type Prepared = { session: RealtimeSession; error: null } | { session: null; error: RelayError };

/** The session's stages; never rejects (a failure becomes the error the socket reports), and refunds what it reserved. */
async function prepare(app: AppServices, relay: RelayRuntime, client: PendingClient, sessions: Set<RealtimeSession>): Promise<Prepared> {
  const startedAt = Date.now();
  let reservation: Reservation | null = null;
  let limited: { userId: number; group: string } | null = null;
  relay.retries.request();
  try {
    const caller = await authenticateToken(app, readApiKey(client.req.path, client.req.query, client.req.headers));
    if (app.policies.rateLimiter.enabled()) {
      const group = caller.token.group || caller.user.group;
      const decision = await app.policies.rateLimiter.check(caller.user.id, group);
      if (!decision.allowed) throw localError(decision.status, decision.message);
      limited = { userId: caller.user.id, group };
    }
    const model = new URLSearchParams(client.req.query).get('model') ?? '';
    if (!model) throw localError(400, 'model is required (?model=…)', 'invalid_request', 'invalid_request_error');
    // only channels with the socket count (as media kinds filter theirs): none is the no-channel error, before any reservation
    const route = await distribute(app, caller, model, () => app.clientIp(client.req.remoteIp, client.req.headers['x-forwarded-for']), servesRealtime);
    if (route.pinned && !servesRealtime(route.pinned.config.type)) throw realtimeUnsupported(route.pinned.config);
    const settings = priceSettingsOf(app.options);
    const price = resolvePrice(model, route.group, settings, acceptsUnsetRatio(caller.user));
    if (!price.ok) throw localError(500, price.message, 'model_price_error');
    // new-api reserves PreConsumedQuota × ratio for a session; the responses' charges go beyond it as they come
    const amount = estimatePreConsume(price, 0, 0, settings);
    const reserved = await app.ledger.reserve(caller.user.id, caller.token.id, caller.token.unlimitedQuota, amount);
    if (!reserved.ok) throw quotaError(reserved, amount, app);
    reservation = reserved.reservation;
    if (client.aborted) throw localError(499, 'client closed the request');
    const useChannel: string[] = [];
    const link = await tryChannels(app, client, model, route.group, route.pinned, useChannel, relay, (channel) => connectRealtime(app, channel, model, (fn) => client.onAbort(fn)), servesRealtime);
    const session = new RealtimeSession(
      app,
      { caller, model, group: route.group, price, reservation, link, useChannel, startedAt, requestId: client.requestId, limited },
      (settled) => sessions.delete(settled),
    );
    sessions.add(session);
    return { session, error: null };
  } catch (e) {
    if (reservation) app.ledger.refund(reservation);
    if (limited) void app.policies.rateLimiter.record(limited.userId, limited.group, false);
    // a client that left mid-connect fails the upstream socket it was waiting for: nothing to report
    if (!(e instanceof RelayError) && !client.aborted) app.log.error('realtime session setup failed', { error: (e as Error).stack });
    const error = unexpectedRelayError(e);
    return { session: null, error };
  }
}
