import type { HttpRequest, HttpResponse, TemplatedApp, us_socket_context_t } from 'uWebSockets.js';
import type { AppServices } from '../app-services.js';
import { estimatePreConsume } from '../billing/estimate-pre-consume.js';
import type { Reservation } from '../billing/quota-ledger.js';
import { resolvePrice } from '../billing/resolve-price.js';
import { openAiErrorWriter } from '../formats/openai/openai-error-body.js';
import { Exchange } from '../http/exchange.js';
import type { InFlightGate } from '../http/in-flight-gate.js';
import { newRequestId } from '../http/request-id.js';
import { snapshotRequest } from '../http/request-snapshot.js';
import { admitRequest, refuseRequest } from '../relay/admit-request.js';
import { authenticateToken } from '../relay/authenticate-token.js';
import { distribute } from '../relay/distribute.js';
import { readApiKey } from '../relay/parse-token-key.js';
import { acceptsUnsetRatio, priceSettingsOf } from '../relay/price-settings-view.js';
import { quotaError } from '../relay/quota-error.js';
import { localError, RelayError } from '../relay/relay-error.js';
import { tryChannels, type RelayRuntime } from '../relay/relay-pipeline.js';
import { closeCodeOf, realtimeErrorFrame } from './realtime-error-frame.js';
import { CLIENT_HIGH_WATER, RealtimeSession } from './realtime-session.js';
import { connectRealtime, MAX_REALTIME_FRAME, realtimeUnsupported, servesRealtime } from './realtime-upstream.js';

/** What the upgrade hands the socket: a session ready to pipe, or the error its first frame reports. */
interface Upgraded {
  session: RealtimeSession | null;
  error: RelayError | null;
  requestId: string;
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

/**
 * GET /v1/realtime?model=… on uWS's own WebSockets (new-api's WssRelay). The upgrade runs the HTTP relay's
 * stages — token auth (the key may come from the subprotocol list), the model rate limit, routing, price,
 * reservation — then connects the upstream socket, retrying other channels before the client is told, and
 * only then upgrades. A failure is answered as a realtime error frame on an upgraded socket, then closed.
 * The idle timeout is STREAMING_TIMEOUT: no frame either way for that long closes the session.
 * The upgrade holds a slot of the relay's gate while it is prepared (its reservation and upstream socket
 * are in flight); the session it opens is tracked here instead, and ended by closeAll when the gateway stops.
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
      const wsKey = req.getHeader('sec-websocket-key');
      const protocols = req.getHeader('sec-websocket-protocol');
      const extensions = req.getHeader('sec-websocket-extensions');
      const ex = new Exchange(res, snapshotRequest(req, res), newRequestId());
      // over the cap or stopping: a plain HTTP 503 with the OpenAI error body, no socket
      const release = admitRequest(gate, ex, openAiErrorWriter);
      if (!release) return;
      void prepare(services, relay, ex, sessions)
        .then((upgraded) => {
          if (ex.aborted) return upgraded.session?.abandon();
          // The gateway began stopping while this was prepared: closeAll may have run already, so a session
          // opened now could outlive the last flush. Nothing was used yet, so nothing is charged.
          if (gate.closed) {
            upgraded.session?.abandon();
            return refuseRequest(gate, ex, openAiErrorWriter);
          }
          // the key in the subprotocol list is never echoed: only `realtime`, when the client offered it
          const chosen = protocols.split(',').some((p) => p.trim() === 'realtime') ? 'realtime' : '';
          res.cork(() => res.upgrade<Upgraded>(upgraded, wsKey, chosen, extensions, context));
        })
        .finally(release);
    },
    open: (ws) => {
      const { session, error, requestId } = ws.getUserData();
      if (session) return session.attach(ws);
      const err = error ?? localError(500, 'realtime session not prepared');
      ws.cork(() => {
        ws.send(realtimeErrorFrame(err, requestId), false);
        ws.end(closeCodeOf(err), err.message.slice(0, 120));
      });
    },
    message: (ws, message, isBinary) => ws.getUserData().session?.fromClient(message, isBinary),
    drain: (ws) => ws.getUserData().session?.drain(),
    close: (ws) => ws.getUserData().session?.clientClosed(),
  });
  return {
    async closeAll() {
      await Promise.all([...sessions].map((s) => s.close('gateway shutting down')));
    },
  };
}

/** The upgrade's stages; never rejects (a failure becomes the error the socket reports), and refunds what it reserved. */
async function prepare(app: AppServices, relay: RelayRuntime, ex: Exchange, sessions: Set<RealtimeSession>): Promise<Upgraded> {
  const startedAt = Date.now();
  let reservation: Reservation | null = null;
  let limited: { userId: number; group: string } | null = null;
  relay.retries.request();
  try {
    const caller = await authenticateToken(app, readApiKey(ex.req.path, ex.req.query, ex.req.headers));
    if (app.policies.rateLimiter.enabled()) {
      const group = caller.token.group || caller.user.group;
      const decision = await app.policies.rateLimiter.check(caller.user.id, group);
      if (!decision.allowed) throw localError(decision.status, decision.message);
      limited = { userId: caller.user.id, group };
    }
    const model = new URLSearchParams(ex.req.query).get('model') ?? '';
    if (!model) throw localError(400, 'model is required (?model=…)', 'invalid_request', 'invalid_request_error');
    // only channels with the socket count (as media kinds filter theirs): none is the no-channel error, before any reservation
    const route = await distribute(app, caller, model, () => app.clientIp(ex.req.remoteIp, ex.req.headers['x-forwarded-for']), servesRealtime);
    if (route.pinned && !servesRealtime(route.pinned.config.type)) throw realtimeUnsupported(route.pinned.config);
    const settings = priceSettingsOf(app.options);
    const price = resolvePrice(model, route.group, settings, acceptsUnsetRatio(caller.user));
    if (!price.ok) throw localError(500, price.message, 'model_price_error');
    // new-api reserves PreConsumedQuota × ratio for a session; the responses' charges go beyond it as they come
    const amount = estimatePreConsume(price, 0, 0, settings);
    const reserved = await app.ledger.reserve(caller.user.id, caller.token.id, caller.token.unlimitedQuota, amount);
    if (!reserved.ok) throw quotaError(reserved, amount, app);
    reservation = reserved.reservation;
    if (ex.aborted) throw localError(499, 'client closed the request');
    const useChannel: string[] = [];
    const link = await tryChannels(app, ex, model, route.group, route.pinned, useChannel, relay, (channel) => connectRealtime(app, channel, model, (fn) => ex.onAbort(fn)), servesRealtime);
    const session = new RealtimeSession(
      app,
      { caller, model, group: route.group, price, reservation, link, useChannel, startedAt, requestId: ex.requestId, limited },
      (settled) => sessions.delete(settled),
    );
    sessions.add(session);
    return { session, error: null, requestId: ex.requestId };
  } catch (e) {
    if (reservation) app.ledger.refund(reservation);
    if (limited) void app.policies.rateLimiter.record(limited.userId, limited.group, false);
    if (!(e instanceof RelayError)) app.log.error('realtime upgrade failed', { error: (e as Error).stack });
    const error = e instanceof RelayError ? e : new RelayError(500, `internal error: ${(e as Error).message}`, { type: 'new_api_error', code: 'internal_error' });
    return { session: null, error, requestId: ex.requestId };
  }
}
