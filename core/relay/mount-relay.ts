import type { HttpRequest, HttpResponse, TemplatedApp } from 'uWebSockets.js';
import type { AppServices } from '../app-services.js';
import { answerPreflight, corsHeaders } from '../http/cors.js';
import { Exchange } from '../http/exchange.js';
import { InFlightGate } from '../http/in-flight-gate.js';
import { inflateBody } from '../http/inflate-body.js';
import { newRequestId } from '../http/request-id.js';
import { snapshotRequest } from '../http/request-snapshot.js';
import type { RelayMetrics } from '../observability/relay-metrics.js';
import { UpstreamClient } from '../upstream/upstream-client.js';
import { admitRequest } from './admit-request.js';
import { RELAY_ENDPOINTS, type RelayEndpoint } from './endpoints.js';
import { INBOUND } from './inbound-formats.js';
import { mountRealtime } from '../realtime/mount-realtime.js';
import { answerModels } from './models-routes.js';
import { answerBilling, BILLING_ROUTES } from './billing-routes.js';
import { relayRequest, type RelayRuntime } from './relay-pipeline.js';
import { RetryBudget } from './retry-budget.js';
import { channelKeySaver } from './save-channel-key.js';

const NOT_IMPLEMENTED = { error: { message: 'API not implemented', type: 'new_api_error', param: '', code: 'api_not_implemented' } };

const paramCount = (path: string) => path.split('/').filter((s) => s.startsWith(':')).length;

/** The relay's load: the cap on requests in flight and the metrics (null: off). */
export interface RelayLoad {
  gate: InFlightGate;
  metrics: RelayMetrics | null;
}

/** What a stopping gateway closes: realtime sessions before its last flush (each settles its charge), the pool after. */
export interface MountedRelay {
  endSessions(): Promise<void>;
  close(): Promise<void>;
}

/** The relay routes, one per row of the endpoint table. Bodies are read from the first tick, as uWS requires. */
export function mountRelay(app: TemplatedApp, services: AppServices, load: RelayLoad = { gate: new InFlightGate(0), metrics: null }): MountedRelay {
  const upstream = UpstreamClient.forChannels(services.env);
  const limit = services.env.MAX_REQUEST_BODY_MB * 1024 * 1024;
  // retries: a fifth of each second's requests, and at least 20 a second
  const runtime: RelayRuntime = { upstream, retries: new RetryBudget(0.2), metrics: load.metrics, saveKey: channelKeySaver(services) };

  const open = (res: HttpResponse, req: HttpRequest, params = 0) => {
    const ex = new Exchange(res, snapshotRequest(req, res, params), newRequestId());
    ex.defaultHeaders = corsHeaders(ex.req);
    return ex;
  };
  // Read from the first tick (uWS requires it), then inflated as new-api's relay does (a body sent without
  // Content-Encoding, nearly all of them, takes no extra turn for it).
  const readBody = (ex: Exchange) => {
    const encoding = ex.req.headers['content-encoding'];
    const raw = ex.readBody(limit);
    const body = encoding === undefined ? raw : raw.then((b) => inflateBody(b, encoding, limit));
    body.catch(() => {});
    return body;
  };
  const handler = (endpoint: RelayEndpoint) => {
    const params = paramCount(endpoint.path);
    if (endpoint.body === 'none') return (res: HttpResponse, req: HttpRequest) => void answerModels(services, open(res, req, params), endpoint);
    return (res: HttpResponse, req: HttpRequest) => {
      const ex = open(res, req, params);
      const release = admitRequest(load.gate, ex, INBOUND[endpoint.format].errors);
      if (!release) {
        load.metrics?.rejected(endpoint);
        return;
      }
      // relayRequest settles once, whatever happens (it catches everything), so the slot is freed once
      void relayRequest(services, runtime, ex, endpoint, readBody(ex)).finally(release);
    };
  };
  for (const endpoint of RELAY_ENDPOINTS) app[endpoint.method](endpoint.path, handler(endpoint));
  for (const route of BILLING_ROUTES) app.get(route.path, (res, req) => void answerBilling(services, open(res, req), route.body));
  // GET /v1/realtime: a WebSocket route (core/realtime), not a row of the HTTP endpoint table
  const realtime = mountRealtime(app, services, runtime, load.gate);

  // stored responses (GET /v1/responses/{id}, its input_items, cancel) live on the upstream that made them
  for (const path of ['/v1/images/variations', '/v1/files', '/v1/files/*', '/v1/fine-tunes', '/v1/fine-tunes/*', '/v1/responses/*']) {
    app.any(path, (res, req) => open(res, req).json(501, NOT_IMPLEMENTED));
  }
  app.del('/v1/models/:model', (res, req) => open(res, req, 1).json(501, NOT_IMPLEMENTED));
  for (const prefix of ['/v1/*', '/pg/*', '/v1beta/*', '/dashboard/*']) {
    app.options(prefix, answerPreflight);
  }
  return { endSessions: () => realtime.closeAll(), close: () => upstream.close() };
}
