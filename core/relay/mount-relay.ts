import type { HttpRequest, HttpResponse, TemplatedApp } from 'uWebSockets.js';
import type { AppServices } from '../app-services.js';
import { answerPreflight, corsHeaders } from '../http/cors.js';
import { Exchange } from '../http/exchange.js';
import { inflateBody } from '../http/inflate-body.js';
import { newRequestId } from '../http/request-id.js';
import { snapshotRequest } from '../http/request-snapshot.js';
import { UpstreamClient } from '../upstream/upstream-client.js';
import { getModel, listModels } from './models-routes.js';
import { playgroundCaller } from './playground-caller.js';
import { relayRequest } from './relay-pipeline.js';
import type { RelayMode } from './relay-request.js';
import { openAiErrorBody, RelayError } from './relay-error.js';

const NOT_IMPLEMENTED = { error: { message: 'API not implemented', type: 'new_api_error', param: '', code: 'api_not_implemented' } };

/** The OpenAI-compatible relay routes. Bodies are read from the first tick, as uWS requires. */
export function mountRelay(app: TemplatedApp, services: AppServices): UpstreamClient {
  const upstream = new UpstreamClient();
  const limit = services.env.MAX_REQUEST_BODY_MB * 1024 * 1024;

  const open = (res: HttpResponse, req: HttpRequest, params = 0) => {
    const ex = new Exchange(res, snapshotRequest(req, res, params), newRequestId());
    ex.defaultHeaders = corsHeaders(ex.req);
    return ex;
  };
  // Read from the first tick (uWS requires it), then inflated as new-api's relay does.
  const readBody = (ex: Exchange) => {
    const body = ex.readBody(limit).then((raw) => inflateBody(raw, ex.req.headers['content-encoding'], limit));
    body.catch(() => {});
    return body;
  };
  const relay = (mode: RelayMode, params = 0) => (res: HttpResponse, req: HttpRequest) => {
    const ex = open(res, req, params);
    const body = readBody(ex);
    void relayRequest(services, upstream, ex, mode, body, { kind: 'token' });
  };

  app.post('/v1/chat/completions', relay('chat'));
  app.post('/v1/completions', relay('completions'));
  app.post('/v1/embeddings', relay('embeddings'));
  app.post('/v1/engines/:model/embeddings', relay('embeddings', 1));
  app.get('/v1/models', (res, req) => void listModels(services, open(res, req)));
  app.get('/v1/models/:model', (res, req) => void getModel(services, open(res, req, 1)));

  app.post('/pg/chat/completions', (res, req) => {
    const ex = open(res, req);
    const body = readBody(ex);
    void (async () => {
      try {
        const caller = await playgroundCaller(services, ex, body);
        await relayRequest(services, upstream, ex, 'chat', body, { kind: 'playground', caller });
      } catch (e) {
        const err = e instanceof RelayError ? e : new RelayError(500, String(e));
        ex.json(err.status, openAiErrorBody(err, ex.requestId));
      }
    })();
  });

  for (const path of ['/v1/images/variations', '/v1/files', '/v1/files/*', '/v1/fine-tunes', '/v1/fine-tunes/*']) {
    app.any(path, (res, req) => open(res, req).json(501, NOT_IMPLEMENTED));
  }
  app.del('/v1/models/:model', (res, req) => open(res, req, 1).json(501, NOT_IMPLEMENTED));
  for (const prefix of ['/v1/*', '/pg/*', '/v1beta/*']) {
    app.options(prefix, answerPreflight);
  }
  return upstream;
}
