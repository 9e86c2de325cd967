import type { TemplatedApp } from 'uWebSockets.js';
import { Exchange } from '../http/exchange.js';
import { newRequestId } from '../http/request-id.js';
import { snapshotRequest } from '../http/request-snapshot.js';
import { metricsAccess } from './metrics-access.js';
import type { Observability } from './observability.js';

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN (metrics-access.ts). `text` renders
 * it; by default this node's registry (relay threads pass the sum over the process's threads, core/cluster).
 */
export function mountMetrics(
  app: TemplatedApp,
  token: string | undefined,
  observability: Observability | null,
  text: () => Promise<string> = () => observability!.registry.metrics(),
): void {
  app.get('/metrics', (res, req) => {
    const ex = new Exchange(res, snapshotRequest(req, res), newRequestId());
    const access = observability ? metricsAccess(token, ex.req.headers.authorization) : 404;
    // the same 404 as any unknown path (core/http/mount-static.ts), so an unset token does not announce the route
    if (!observability || access === 404) return ex.json(404, { error: { message: 'Invalid URL (GET /metrics)', type: 'invalid_request_error', param: '', code: '' } });
    if (access === 401) {
      return ex.json(401, { error: { message: 'Authorization: Bearer <METRICS_TOKEN> required', type: 'invalid_request_error', param: '', code: 'unauthorized' } }, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    const { registry } = observability;
    text().then(
      (text) => ex.send(200, text, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }),
      (e: unknown) => ex.json(500, { error: { message: `metrics collection failed: ${String(e)}`, type: 'new_api_error', param: '', code: 'metrics_failed' } }),
    );
  });
}
